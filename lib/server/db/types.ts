import 'server-only';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import type * as schema from './schema';

/**
 * What a database handle is, apart from how one is opened (./client): services, the seed and the
 * history take one, and the client that opens the database runs the seed, so the types cannot
 * live with the client without a cycle.
 */
export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;
/** A transaction has the same query API as the database. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];
export type DbOrTx = Db | Tx;
