import 'server-only';
import { and, eq, type SQL, sql } from 'drizzle-orm';
import type { AsOfView } from '@/lib/schemas/as-of';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { rowsOf } from '@/lib/server/db/rows';
import { accounts, documents, tasks, users, whitelistEntries } from '@/lib/server/db/schema';
import type { DbOrTx } from '@/lib/server/db/types';
import { type AsOfEntityType, recordAsOf } from '@/lib/server/history/as-of';
import { invalidField, notFound } from '@/lib/server/http/api-error';
import { requireAccountRow } from '@/lib/server/services/accounts/account-record';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { documentReach } from '@/lib/server/services/documents/document-reach';
import { type ActorReach, taskReach } from '@/lib/server/services/tasks/task-reach';
import { userReach } from '@/lib/server/services/users/user-reach';
import { documentNotFound, requireDocumentRow } from '@/lib/server/services/documents/document-record';
import { requireTaskRow, taskNotFound } from '@/lib/server/services/tasks/task-record';
import { requireUserRow } from '@/lib/server/services/users/user-record';
import { requireWhitelistEntry, whitelistEntryNotFound } from '@/lib/server/services/whitelist/whitelist-record';
import { ApiError } from '@/lib/server/http/api-error';

/** At most this many sub-accounts in an account's tree as of a moment. */
const MAX_CHILDREN = 500;

/**
 * Whether the actor may see the record now (reach as of now, not as of then). A deleted document,
 * task or whitelist entry has no reach of its own any more: administrators and the back office see
 * its state as of a moment (they are the ones who may restore it), others get 404.
 */
async function assertReach(db: DbOrTx, actor: ActorReach, type: AsOfEntityType, id: string): Promise<void> {
  const deletedInReach = async (missing: () => ApiError) => {
    if (!isStaff(actor.role)) throw missing();
    const [row] = await rowsOf<{ one: number }>(
      db,
      sql`select 1 as one from changes where entity_type = ${type} and entity_id = ${id} limit 1`,
    );
    if (!row) throw missing();
  };
  const orDeleted = async (check: () => Promise<unknown>, missing: () => ApiError) => {
    try {
      await check();
    } catch (error) {
      if (!(error instanceof ApiError) || error.code !== 'not_found') throw error;
      await deletedInReach(missing);
    }
  };
  switch (type) {
    case 'account':
      await requireAccountRow(db, actor, id);
      return;
    case 'user':
      await requireUserRow(db, actor, id);
      return;
    case 'document':
      return orDeleted(() => requireDocumentRow(db, actor, id), documentNotFound);
    case 'task':
      return orDeleted(() => requireTaskRow(db, actor, id), taskNotFound);
    case 'whitelist_entry':
      return orDeleted(() => requireWhitelistEntry(db, actor, id), whitelistEntryNotFound);
  }
}

/**
 * The condition `assertReach` finds true on its first query (the record now, in reach), as SQL the
 * as-of read's own statement answers: the same tables and reach rules as `require…Row`. Only where
 * it is not true does `assertReach` run (a deleted record, or 404).
 */
export function reachCondition(db: DbOrTx, actor: ActorReach, type: AsOfEntityType, id: string): SQL {
  const one = { one: sql`1` };
  /** The record by its id among the rows `reach` leaves to the actor (no condition: every row). */
  const inTable = (table: typeof accounts | typeof users | typeof documents | typeof tasks, reach: SQL | undefined) =>
    sql`exists (${db
      .select(one)
      .from(table)
      .where(and(eq(table.id, id), reach))})`;
  switch (type) {
    case 'account':
      return inTable(accounts, accountReach(actor));
    case 'user':
      return inTable(users, userReach(actor));
    case 'document':
      return inTable(documents, documentReach(actor));
    case 'task':
      return inTable(tasks, taskReach(actor));
    case 'whitelist_entry':
      // An entry's reach is its account's.
      return sql`exists (${db
        .select(one)
        .from(whitelistEntries)
        .innerJoin(accounts, eq(accounts.id, whitelistEntries.accountId))
        .where(and(eq(whitelistEntries.id, id), accountReach(actor)))})`;
  }
}

/**
 * The record as of `at` for `actor` (reach as `assertReach` decides it, asked within the read's
 * first statement): what `GET /{resource}/{id}?asOf=` reads, and `npm run bench:asof` measures.
 */
export function recordAsOfInReach(db: DbOrTx, actor: ActorReach, type: AsOfEntityType, id: string, at: Date) {
  return recordAsOf(db, type, id, at, {
    condition: reachCondition(db, actor, type, id),
    check: async (inReach) => {
      if (inReach !== true) await assertReach(db, actor, type, id);
    },
  });
}

/**
 * `GET /{resource}/{id}?asOf=…` (issue 51): the record as its history shows it at that moment, the
 * fields that differ now, and whether its entries up to then verify. 422 before the record existed;
 * after its deletion the state it had when deleted. A moment in the future is now.
 */
export async function getAsOf(actor: Actor, type: AsOfEntityType, id: string, asOf: string): Promise<AsOfView> {
  const db = await getDb();
  const now = new Date();
  const at = new Date(Math.min(new Date(asOf).getTime(), now.getTime()));
  const { state, verification } = await recordAsOfInReach(db, actor, type, id, at);
  if (!state) {
    if (type === 'document') {
      // A document without history (none is created without one) cannot be shown as of a moment.
      const [row] = await db.select({ id: documents.id }).from(documents).where(eq(documents.id, id)).limit(1);
      if (!row) throw notFound('Dokument');
    }
    throw invalidField('asOf', 'asOfBeforeCreation');
  }
  const view: AsOfView = {
    asOf: at.toISOString(),
    entityType: type,
    id,
    createdAt: state.createdAt.toISOString(),
    deletedAt: state.deletedAt?.toISOString() ?? null,
    values: state.values,
    changedSince: state.changedSince,
    entries: state.entries,
    verification,
  };
  if (type === 'account') view.children = await childrenAsOf(db, id, at);
  return view;
}

interface ChildRow {
  id: string;
  field: string;
  value: string | null;
}

/**
 * An account's sub-accounts as of a moment: the accounts below it now (their lineage), each with its
 * name, status and parent as of then, those that existed then and hung below it then.
 */
async function childrenAsOf(db: DbOrTx, id: string, at: Date): Promise<NonNullable<AsOfView['children']>> {
  const below = await db
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(sql`${accounts.lineage} @> ARRAY[${id}]::uuid[]`, sql`${accounts.id} <> ${id}`))
    .limit(MAX_CHILDREN);
  if (below.length === 0) return [];
  const ids = below.map((row) => row.id);
  const rows = await rowsOf<ChildRow>(
    db,
    sql`select c.entity_id::text as id, f.field,
      (array_agg(f.after::text order by c.at desc, c.seq desc))[1] as value
    from changes c cross join lateral jsonb_to_recordset(c.fields) as f(field text, after jsonb)
    where c.entity_type = 'account' and c.entity_id in (${sql.join(
      ids.map((child) => sql`${child}::uuid`),
      sql`, `,
    )})
      and c.at <= ${at.toISOString()}::timestamptz and c.action not in ('delete', 'restore', 'purge')
      and f.field in ('name', 'status', 'parentId')
    group by 1, 2`,
  );
  const states = new Map<string, { name: string; status: string; parentId: string | null }>();
  for (const row of rows) {
    const state = states.get(row.id) ?? { name: '', status: 'draft', parentId: null };
    const value = row.value === null ? null : (JSON.parse(row.value) as unknown);
    if (row.field === 'name' && typeof value === 'string') state.name = value;
    if (row.field === 'status' && typeof value === 'string') state.status = value;
    if (row.field === 'parentId') state.parentId = typeof value === 'string' ? value : null;
    states.set(row.id, state);
  }
  // Only those whose parents as of then lead up to the account.
  const inTree = (childId: string, seen = new Set<string>()): boolean => {
    const parentId = states.get(childId)?.parentId;
    if (!parentId || seen.has(childId)) return false;
    if (parentId === id) return true;
    seen.add(childId);
    return inTree(parentId, seen);
  };
  return [...states.entries()]
    .filter(([childId]) => inTree(childId))
    .map(([childId, state]) => ({ id: childId, ...state }))
    .sort((a, b) => a.name.localeCompare(b.name, 'de'));
}
