import 'server-only';
import { type SQL, and, asc, desc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Change, ChangeExportQuery } from '@/lib/schemas/change';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { approvals, changes, tasks } from '@/lib/server/db/schema';
import { countUpTo } from '@/lib/server/db/count-up-to';
import { escapeLike } from '@/lib/server/db/escape-like';
import { accountIdInReach } from '@/lib/server/services/accounts/reach';
import { loadRefLookup } from '@/lib/server/history/ref-lookup';
import { resolveRefs, resolveValue, type RefLookup } from '@/lib/server/history/personal-refs';

type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

/**
 * Reach over the history (SPEC §1 history.read): admin and back office read all of it; a
 * distributor or manager the changes of the accounts in their reach (and the users and approvals
 * recorded against those accounts). Changes without an account (e.g. of administrators) are staff only.
 */
export function changeReach(actor: ActorReach): SQL | undefined {
  return accountIdInReach(actor, changes.accountId);
}

/**
 * The entries of the tasks the actor created or was given: a to-do without an account is theirs,
 * and its Historie tab would be empty otherwise (account reach counts only entries with an account).
 */
function ownTaskEntries(actor: ActorReach, entityId?: string): SQL {
  const own = sql`select ${tasks.id} from ${tasks} where (${tasks.createdById} = ${actor.id} or ${tasks.assigneeId} = ${actor.id})`;
  return entityId
    ? sql`(${changes.entityType} = 'task' and ${changes.entityId} = ${entityId} and ${changes.entityId} in (${own}))`
    : sql`(${changes.entityType} = 'task' and ${changes.entityId} in (${own}))`;
}

/**
 * Reach for one entity's history (its Historie tab) or one entry: account reach, or for a task the
 * actor created or was given, its own entries. The unfiltered list keeps plain account reach, so
 * it stays on the (at, id) index at a million entries.
 */
export function changeReachFor(actor: ActorReach, entityId?: string): SQL | undefined {
  const reach = changeReach(actor);
  return reach ? or(reach, ownTaskEntries(actor, entityId)) : undefined;
}

/** The first instant of a German calendar day, as PostgreSQL computes it (summer time included). */
const startOfBerlinDay = (day: string) => sql`(${day}::date)::timestamp at time zone 'Europe/Berlin'`;
const startOfNextBerlinDay = (day: string) => sql`((${day}::date) + 1)::timestamp at time zone 'Europe/Berlin'`;

export function changeConditions(actor: ActorReach, filters: ChangeExportQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [
    filters.entityId ? changeReachFor(actor, filters.entityId) : changeReach(actor),
  ];
  if (filters.entityType) conditions.push(eq(changes.entityType, filters.entityType));
  if (filters.entityId) {
    // The entity's own entries and those of the approvals about it (request, decision). The
    // approvals' ids as an array (`= any(array(…))`, computed once before the scan), not `in
    // (select …)`: with the subquery the planner could not use an index for that side of the OR and
    // walked the whole history newest first; so both sides are index scans (migration 0017).
    conditions.push(
      sql`(${changes.entityId} = ${filters.entityId} or ${changes.approvalId} = any(array(select ${approvals.id} from ${approvals} where ${approvals.entityId} = ${filters.entityId})))`,
    );
  }
  if (filters.action) conditions.push(eq(changes.action, filters.action));
  if (filters.actorId) conditions.push(eq(changes.actorId, filters.actorId));
  if (filters.accountId) conditions.push(eq(changes.accountId, filters.accountId));
  if (filters.from) conditions.push(sql`${changes.at} >= ${startOfBerlinDay(filters.from)}`);
  if (filters.to) conditions.push(sql`${changes.at} < ${startOfNextBerlinDay(filters.to)}`);
  const term = filters.q?.trim();
  // The trigram index on lower(entity_label) serves the infix search.
  if (term) conditions.push(sql`lower(${changes.entityLabel}) like '%' || lower(${escapeLike(term)}) || '%'`);
  return and(...conditions);
}

export function changeOrder(order: 'asc' | 'desc'): SQL[] {
  const direction = order === 'desc' ? desc : asc;
  return [direction(changes.at), direction(changes.id)];
}

/**
 * Rows after a keyset anchor in the list's order: `(at, id) < (anchor)` newest first. The anchor is
 * looked up by its id, so the cursor is an opaque id and the comparison uses the exact stored
 * timestamp (microseconds, which a JavaScript Date would round).
 */
export function afterAnchor(anchorId: string, order: 'asc' | 'desc'): SQL {
  const anchor = sql`(select c.at, c.id from ${changes} c where c.id = ${anchorId})`;
  return order === 'desc'
    ? sql`(${changes.at}, ${changes.id}) < ${anchor}`
    : sql`(${changes.at}, ${changes.id}) > ${anchor}`;
}

const changeColumns = {
  id: changes.id,
  at: changes.at,
  actorId: changes.actorId,
  actorLabel: changes.actorLabel,
  actorType: changes.actorType,
  entityType: changes.entityType,
  entityId: changes.entityId,
  entityLabel: changes.entityLabel,
  accountId: changes.accountId,
  action: changes.action,
  fields: changes.fields,
  approvalId: changes.approvalId,
  chain: changes.chain,
  seq: changes.seq,
  prevHash: changes.prevHash,
  hash: changes.hash,
};

type ChangeRow = typeof changes.$inferSelect | Awaited<ReturnType<typeof selectChangesByIds>>[number];

/** A stored entry with its people's references resolved (names today; erased ones as the pseudonym). */
export function resolveChangeRow<T extends ChangeRow>(row: T, lookup: RefLookup): T {
  return {
    ...row,
    actorLabel: resolveRefs(row.actorLabel, lookup),
    entityLabel: resolveRefs(row.entityLabel, lookup),
    fields: row.fields.map((entry) => ({
      field: entry.field,
      before: resolveValue(entry.before, lookup),
      after: resolveValue(entry.after, lookup),
    })),
  };
}

const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

function toChange(row: ChangeRow): Change {
  return {
    id: row.id,
    at: row.at.toISOString(),
    actor: { id: row.actorId, name: row.actorLabel, type: row.actorType },
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    accountId: row.accountId,
    action: row.action,
    fields: row.fields,
    approvalId: row.approvalId,
    chain: row.chain,
    seq: row.seq,
    prevHash: hex(row.prevHash),
    hash: hex(row.hash),
  };
}

/** The API's entries: references resolved in one lookup for all rows. */
export async function toChanges(db: DbOrTx, rows: readonly ChangeRow[]): Promise<Change[]> {
  const lookup = await loadRefLookup(db, rows);
  return rows.map((row) => toChange(resolveChangeRow(row, lookup)));
}

function selectChangesByIds(db: DbOrTx, ids: string[], order: 'asc' | 'desc') {
  return db
    .select(changeColumns)
    .from(changes)
    .where(inArray(changes.id, ids))
    .orderBy(...changeOrder(order));
}

/**
 * One page of the history in two steps (a deferred join): the ids of the page on the (at, id)
 * index alone, then the rows of just those ids, so skipped rows are never read from the table.
 * With `after` the page starts behind that row (keyset) and nothing is skipped at all.
 */
export async function selectChangePage(
  db: DbOrTx,
  actor: ActorReach,
  filters: ChangeExportQuery,
  window: { limit: number; offset: number; after?: string },
) {
  const where = and(
    changeConditions(actor, filters),
    window.after ? afterAnchor(window.after, filters.order) : undefined,
  );
  const ids = await db
    .select({ id: changes.id })
    .from(changes)
    .where(where)
    .orderBy(...changeOrder(filters.order))
    .limit(window.limit)
    .offset(window.offset);
  if (ids.length === 0) return [];
  return selectChangesByIds(
    db,
    ids.map((row) => row.id),
    filters.order,
  );
}

/** Counts at most `limit` + 1 matching rows: enough to say "more than limit" without counting a million. */
export function countChangesUpTo(db: DbOrTx, actor: ActorReach, filters: ChangeExportQuery, limit: number) {
  return countUpTo(db, changes, changeConditions(actor, filters), limit);
}
