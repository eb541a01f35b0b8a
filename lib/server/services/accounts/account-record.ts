import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Account } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { accounts, users } from '@/lib/server/db/schema';
import { ApiError, notFound } from '@/lib/server/http/api-error';
import { accountReach } from './reach';
import { isStaff } from '@/lib/schemas/roles';
import { parseJson } from '@/lib/server/db/parse-json';

export type AccountRow = typeof accounts.$inferSelect;

const parent = alias(accounts, 'parent');
const distributor = alias(users, 'distributor');

export const accountNotFound = () => notFound('Konto');

/** Archived accounts and their records are read-only (SPEC §2). */
export function assertNotArchived(row: Pick<AccountRow, 'status'>): void {
  if (row.status === 'archived') throw new ApiError('forbidden', 'Archivierte Konten sind schreibgeschützt.');
}

/** Only admin and back office change an account's status directly (SPEC §2: active ↔ suspended). */
export function assertStaff(actor: Pick<Actor, 'role'>): void {
  if (!isStaff(actor.role)) {
    throw new ApiError('forbidden', 'Nur Administration und Innendienst dürfen Konten sperren und entsperren.');
  }
}

export const personName = (firstName: string | null, lastName: string | null): string | null =>
  firstName === null && lastName === null ? null : `${firstName ?? ''} ${lastName ?? ''}`.trim();

/**
 * The account row itself, if it is in the actor's reach. `lock` locks it for the rest of the
 * transaction, so concurrent writers queue instead of deciding on a stale state. Locks are
 * always taken root first, then downwards, so two transactions never wait for each other.
 */
export async function findAccountRow(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  id: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<AccountRow | null> {
  const query = db
    .select()
    .from(accounts)
    .where(and(eq(accounts.id, id), accountReach(actor)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row ?? null;
}

/**
 * Serialises the writers of one account tree (status changes, distributor cascades, new
 * sub-accounts) on its root row: they all lock the root first and the rows below it after, so
 * two of them never wait for each other. `share` for writers that only add rows under the tree.
 */
export async function lockTree(
  db: DbOrTx,
  row: Pick<AccountRow, 'id' | 'lineage'>,
  mode: 'update' | 'share' = 'update',
) {
  const rootId = row.lineage[0] ?? row.id;
  await db.select({ id: accounts.id }).from(accounts).where(eq(accounts.id, rootId)).for(mode);
}

/** At most this many ids per statement of `lockParentRows`. */
const LOCK_IDS_PER_STATEMENT = 1_000;

/**
 * `findAccountRow(…, { lock: 'share' })` after `lockTree(…, 'share')` for many future parents at once
 * (an import's, issue 49): the rows of `ids` in reach, read once to find their trees' roots; the
 * roots locked FOR SHARE (in id order, so two such callers never wait for each other), then the rows
 * themselves, read anew under the lock. Rows out of reach are missing from the answer. `pause`
 * runs between statements of at most LOCK_IDS_PER_STATEMENT ids.
 */
export async function lockParentRows(
  tx: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  ids: readonly string[],
  pause: () => Promise<void>,
): Promise<Map<string, AccountRow>> {
  const inChunks = async <T>(list: readonly string[], read: (chunk: string[]) => Promise<T[]>): Promise<T[]> => {
    const found: T[] = [];
    for (let start = 0; start < list.length; start += LOCK_IDS_PER_STATEMENT) {
      await pause();
      found.push(...(await read(list.slice(start, start + LOCK_IDS_PER_STATEMENT))));
    }
    return found;
  };
  const inReach = (chunk: string[]) => and(inArray(accounts.id, chunk), accountReach(actor));
  const peeked = await inChunks(ids, (chunk) =>
    tx.select({ id: accounts.id, lineage: accounts.lineage }).from(accounts).where(inReach(chunk)),
  );
  const roots = [...new Set(peeked.map((row) => row.lineage[0] ?? row.id))].sort();
  await inChunks(roots, (chunk) =>
    tx.select({ id: accounts.id }).from(accounts).where(inArray(accounts.id, chunk)).orderBy(accounts.id).for('share'),
  );
  const rows = await inChunks(ids, (chunk) =>
    tx.select().from(accounts).where(inReach(chunk)).orderBy(accounts.id).for('share'),
  );
  return new Map(rows.map((row) => [row.id, row]));
}

/** Like `findAccountRow`, but a missing or unreachable account is a 404. */
export async function requireAccountRow(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  id: string,
  options: { lock?: 'update' | 'share' } = {},
): Promise<AccountRow> {
  const row = await findAccountRow(db, actor, id, options);
  if (!row) throw accountNotFound();
  return row;
}

/**
 * The full record the API answers for one account (`accountSchema`): with the parent's and the
 * distributor's names, the number of direct children and the pending approvals. Null outside
 * the actor's reach.
 */
export async function loadAccount(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  id: string,
): Promise<Account | null> {
  const [row] = await db
    .select({
      account: accounts,
      parentName: parent.name,
      distributorFirstName: distributor.firstName,
      distributorLastName: distributor.lastName,
      childCount: sql<number>`(select count(*)::int from accounts child where child.parent_id = ${accounts.id})`,
      pendingApprovals: sql<unknown>`(
        select coalesce(json_agg(json_build_object('id', pending.id, 'kind', pending.kind) order by pending.requested_at), '[]'::json)
        from approvals pending
        where pending.entity_type = 'account' and pending.entity_id = ${accounts.id} and pending.status = 'pending'
      )`,
    })
    .from(accounts)
    .leftJoin(parent, eq(parent.id, accounts.parentId))
    .leftJoin(distributor, eq(distributor.id, accounts.distributorId))
    .where(and(eq(accounts.id, id), accountReach(actor)))
    .limit(1);
  if (!row) return null;
  const { account } = row;
  return {
    id: account.id,
    customerNumber: account.customerNumber,
    name: account.name,
    legalForm: account.legalForm as Account['legalForm'],
    parentId: account.parentId,
    parentName: row.parentName,
    rootId: account.lineage[0] ?? account.id,
    depth: account.lineage.length,
    status: account.status,
    distributorId: account.distributorId,
    distributorName: personName(row.distributorFirstName, row.distributorLastName),
    street: account.street,
    zip: account.zip,
    city: account.city,
    country: account.country,
    contactName: account.contactName,
    contactEmail: account.contactEmail,
    contactPhone: account.contactPhone,
    vatId: account.vatId,
    employeeCount: account.employeeCount,
    notes: account.notes,
    benefits: account.benefits,
    childCount: Number(row.childCount),
    pendingApprovals: parseJson<{ id: string; kind: string }[]>(row.pendingApprovals, []),
    version: account.version,
    createdAt: account.createdAt.toISOString(),
    updatedAt: account.updatedAt.toISOString(),
  };
}

/** `loadAccount`, but a missing or unreachable account is a 404. */
export async function requireAccount(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role' | 'accountId'>,
  id: string,
): Promise<Account> {
  const account = await loadAccount(db, actor, id);
  if (!account) throw accountNotFound();
  return account;
}
