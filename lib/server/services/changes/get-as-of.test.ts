/** @jest-environment node */
import type { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { accounts, documents, tasks, users, whitelistEntries } from '@/lib/server/db/schema';
import { rowsOf } from '@/lib/server/db/rows';
import type { Db } from '@/lib/server/db/types';
import { seedDemoData } from '@/lib/server/db/seed/demo';
import type { AsOfEntityType } from '@/lib/server/history/as-of';
import { ApiError } from '@/lib/server/http/api-error';
import { requireAccountRow } from '@/lib/server/services/accounts/account-record';
import { requireDocumentRow } from '@/lib/server/services/documents/document-record';
import type { ActorReach } from '@/lib/server/services/tasks/task-reach';
import { requireTaskRow } from '@/lib/server/services/tasks/task-record';
import { requireUserRow } from '@/lib/server/services/users/user-record';
import { requireWhitelistEntry } from '@/lib/server/services/whitelist/whitelist-record';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { reachCondition } from './get-as-of';

/**
 * The as-of read asks its reach within its own statement (`reachCondition`) and runs the full check
 * only where that says no. So the condition must say yes exactly where the record reads of each
 * resource find the record: checked here for every demo user against every record of every kind,
 * a soft-deleted document included.
 */
jest.setTimeout(120_000);

let client: PGlite;
let db: Db;

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  await db.transaction((tx) => seedDemoData(tx));
  // One document deleted (in the trash): outside every reach of a record read.
  await db.execute(
    sql`update documents set deleted_at = now() where id = (select id from documents order by id limit 1)`,
  );
});

afterAll(async () => {
  await client.close();
});

const READS: Record<AsOfEntityType, (actor: ActorReach, id: string) => Promise<unknown>> = {
  account: (actor, id) => requireAccountRow(db, actor, id),
  user: (actor, id) => requireUserRow(db, actor, id),
  document: (actor, id) => requireDocumentRow(db, actor, id),
  task: (actor, id) => requireTaskRow(db, actor, id),
  whitelist_entry: (actor, id) => requireWhitelistEntry(db, actor, id),
};

async function found(read: () => Promise<unknown>): Promise<boolean> {
  try {
    await read();
    return true;
  } catch (error) {
    if (error instanceof ApiError && error.code === 'not_found') return false;
    throw error;
  }
}

it('says a record is in reach exactly where its record read finds it, for every user and record', async () => {
  const actors = await db
    .select({ id: users.id, role: users.role, accountId: users.accountId })
    .from(users)
    .where(sql`${users.status} = 'active'`);
  expect(new Set(actors.map((actor) => actor.role))).toEqual(
    new Set(['admin', 'backoffice', 'manager', 'distributor']),
  );
  const ids: Record<AsOfEntityType, string[]> = {
    account: (await db.select({ id: accounts.id }).from(accounts)).map((row) => row.id),
    user: (await db.select({ id: users.id }).from(users)).map((row) => row.id),
    document: (await db.select({ id: documents.id }).from(documents)).map((row) => row.id),
    task: (await db.select({ id: tasks.id }).from(tasks)).map((row) => row.id),
    whitelist_entry: (await db.select({ id: whitelistEntries.id }).from(whitelistEntries)).map((row) => row.id),
  };
  let inReach = 0;
  let outOfReach = 0;
  for (const actor of actors) {
    for (const type of Object.keys(READS) as AsOfEntityType[]) {
      // A record that does not exist (a purged one) is in nobody's reach.
      for (const id of [...ids[type], '00000000-0000-4000-8000-000000000000']) {
        const [row] = await rowsOf<{ in_reach: boolean }>(
          db,
          sql`select ${reachCondition(db, actor, type, id)} as in_reach`,
        );
        const expected = await found(() => READS[type](actor, id));
        expect({ actor: actor.role, type, id, inReach: row?.in_reach }).toEqual({
          actor: actor.role,
          type,
          id,
          inReach: expected,
        });
        if (expected) inReach += 1;
        else outOfReach += 1;
      }
    }
  }
  // Both answers occur often enough to mean something.
  expect(inReach).toBeGreaterThan(50);
  expect(outOfReach).toBeGreaterThan(50);
});
