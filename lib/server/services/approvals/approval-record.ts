import 'server-only';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Approval, ApprovalListItem, FieldChange } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { accounts, approvals, changes, users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError, notFound } from '@/lib/server/http/api-error';
import { germanProblem } from '@/lib/server/http/german-problem';
import { assertRecentStepUp } from '@/lib/server/services/mfa/step-up';
import { notifyLater } from '@/lib/server/services/notifications/fan-out';
import { personName } from '@/lib/server/services/accounts/account-record';

export type ApprovalRow = typeof approvals.$inferSelect;
type ActorReach = Pick<Actor, 'id' | 'role'>;

export const approvalNotFound = () => notFound('Freigabe');

/**
 * Reach over approvals (SPEC §1 approvals.read): admin and back office see every request, everyone
 * else only their own. `undefined` means no restriction; outside reach an approval answers 404.
 */
export function approvalReach(actor: ActorReach): SQL | undefined {
  if (actor.role === 'admin' || actor.role === 'backoffice') return undefined;
  return eq(approvals.requestedById, actor.id);
}

export const requester = alias(users, 'requester');
export const decider = alias(users, 'decider');

/** The columns of a list row: the approval with the names of requester and decider. */
export const approvalListColumns = {
  id: approvals.id,
  kind: approvals.kind,
  status: approvals.status,
  entityType: approvals.entityType,
  entityId: approvals.entityId,
  entityLabel: approvals.entityLabel,
  accountId: approvals.accountId,
  reason: approvals.reason,
  requestedById: approvals.requestedById,
  requestedAt: approvals.requestedAt,
  requesterFirstName: requester.firstName,
  requesterLastName: requester.lastName,
  decidedById: approvals.decidedById,
  decidedAt: approvals.decidedAt,
  deciderFirstName: decider.firstName,
  deciderLastName: decider.lastName,
  comment: approvals.comment,
};

/** approvals with requester (always there) and decider (once decided), ready for `where`/`orderBy`. */
export function selectApprovals(db: DbOrTx) {
  return db
    .select(approvalListColumns)
    .from(approvals)
    .innerJoin(requester, eq(requester.id, approvals.requestedById))
    .leftJoin(decider, eq(decider.id, approvals.decidedById))
    .$dynamic();
}
type ListRow = Awaited<ReturnType<typeof selectApprovals>>[number];

export function toApprovalListItem(row: ListRow): ApprovalListItem {
  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    entityType: row.entityType,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    accountId: row.accountId,
    reason: row.reason,
    requestedBy: { id: row.requestedById, name: personName(row.requesterFirstName, row.requesterLastName) ?? '' },
    requestedAt: row.requestedAt.toISOString(),
    decidedBy: row.decidedById
      ? { id: row.decidedById, name: personName(row.deciderFirstName, row.deciderLastName) ?? '' }
      : null,
    decidedAt: row.decidedAt?.toISOString() ?? null,
    comment: row.comment,
  };
}

/** The approval row itself, in reach; `lock` holds it until the transaction ends (one decision at a time). */
export async function requireApprovalRow(
  db: DbOrTx,
  actor: ActorReach,
  id: string,
  options: { lock?: 'update' } = {},
): Promise<ApprovalRow> {
  const query = db
    .select()
    .from(approvals)
    .where(and(eq(approvals.id, id), approvalReach(actor)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  if (!row) throw approvalNotFound();
  return row;
}

/** The entity's version and its current values of the payload's fields. */
async function currentEntity(
  db: DbOrTx,
  row: Pick<ApprovalRow, 'entityType' | 'entityId'>,
): Promise<{ version: number; values: Record<string, unknown> } | null> {
  if (row.entityType === 'account') {
    const [account] = await db
      .select({ version: accounts.version, status: accounts.status, benefits: accounts.benefits })
      .from(accounts)
      .where(eq(accounts.id, row.entityId));
    return account
      ? { version: account.version, values: { status: account.status, benefits: account.benefits } }
      : null;
  }
  const [user] = await db
    .select({ version: users.version, role: users.role, accountId: users.accountId })
    .from(users)
    .where(eq(users.id, row.entityId));
  return user ? { version: user.version, values: { role: user.role, accountId: user.accountId } } : null;
}

/** The values the request recorded as "before" in the history when it was filed. */
async function valuesWhenFiled(db: DbOrTx, approvalId: string): Promise<Record<string, unknown>> {
  const [filed] = await db
    .select({ fields: changes.fields })
    .from(changes)
    .where(and(eq(changes.approvalId, approvalId), eq(changes.entityType, 'approval'), eq(changes.action, 'create')))
    .limit(1);
  return Object.fromEntries(
    (filed?.fields ?? [])
      .filter((entry) => entry.field.startsWith('payload.'))
      .map((entry) => [entry.field.slice('payload.'.length), entry.before]),
  );
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/**
 * Feld / Vorher / Nachher. While pending, `before` is the entity's value now: what approving would
 * replace. Once decided the entity has moved on, so it is the value recorded when the request was
 * filed; so it is, too, where the entity holds the proposal already (an invited administrator is
 * created with the role, which the grant makes effective: before = none).
 */
async function approvalDiff(db: DbOrTx, row: ApprovalRow, current: Record<string, unknown> | null) {
  const filed = await valuesWhenFiled(db, row.id);
  return Object.entries(row.payload).map(([field, after]): FieldChange => {
    const now = current?.[field];
    const before = row.status === 'pending' && current && !same(now, after) ? now : filed[field];
    return { field, before: before ?? null, after };
  });
}

/** The full record `GET /approvals/{id}` answers, with its diff; 404 outside reach. */
export async function loadApproval(db: DbOrTx, actor: ActorReach, id: string): Promise<Approval> {
  const [listRow] = await selectApprovals(db)
    .where(and(eq(approvals.id, id), approvalReach(actor)))
    .limit(1);
  if (!listRow) throw approvalNotFound();
  const row = await requireApprovalRow(db, actor, id);
  const entity = await currentEntity(db, row);
  return {
    ...toApprovalListItem(listRow),
    payload: row.payload,
    baseVersion: row.baseVersion,
    isCurrent: entity?.version === row.baseVersion,
    diff: await approvalDiff(db, row, entity?.values ?? null),
    version: row.version,
    createdAt: row.createdAt.toISOString(),
    updatedAt: row.updatedAt.toISOString(),
  };
}

/** Marks a pending approval as decided; the `status = 'pending'` condition makes a second decision a no-op. */
export async function closeApproval(
  db: DbOrTx,
  actor: Pick<Actor, 'id'>,
  row: ApprovalRow,
  status: 'approved' | 'rejected' | 'withdrawn' | 'obsolete',
  comment: string,
): Promise<boolean> {
  const closed = await db
    .update(approvals)
    .set({
      status,
      decidedById: actor.id,
      decidedAt: sql`now()`,
      comment,
      version: sql`${approvals.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(and(eq(approvals.id, row.id), eq(approvals.status, 'pending')))
    .returning({ id: approvals.id });
  // A withdrawal is the requester's own action: nobody is told.
  if (closed.length === 1 && status !== 'withdrawn') {
    await notifyLater(db, { kind: 'approvalDecided', approvalId: row.id, actorId: actor.id });
  }
  return closed.length === 1;
}

/**
 * The approval, locked for the rest of the transaction, and still pending. Two deciders at once:
 * the second waits for the first's lock and then finds it decided (409), so there is exactly one
 * decision. 409 carries the approval as it is now.
 */
export async function lockPendingApproval(db: DbOrTx, actor: ActorReach, id: string): Promise<ApprovalRow> {
  const row = await requireApprovalRow(db, actor, id, { lock: 'update' });
  if (row.status !== 'pending') {
    throw new ApiError('conflict', 'Über diese Freigabe wurde bereits entschieden.', {
      current: await loadApproval(db, actor, id),
    });
  }
  return row;
}

/** Four eyes (SPEC §4): whoever asked for a change cannot also grant or refuse it. */
export function assertNotRequester(actor: Pick<Actor, 'id'>, row: Pick<ApprovalRow, 'requestedById'>): void {
  if (row.requestedById === actor.id) {
    throw new ApiError(
      'four_eyes',
      'Eine eigene Anfrage muss jemand anderes freigeben oder ablehnen (Vier-Augen-Prinzip).',
    );
  }
}

/** Approvals about a person whose decision acts on that person's access: their factors or their data. */
const ABOUT_A_PERSON = new Set<ApprovalRow['kind']>(['mfa_reset', 'user_erasure']);

/**
 * Who may decide (approve or reject) a pending approval, beyond approvals.decide: never the
 * requester; for a factor reset or an erasure never the person concerned (403 `four_eyes`: a
 * hijacked session must not block the reset meant to end it), only an administrator when that
 * person is one (403), and — like a staff role grant — only after the decider's step-up.
 */
export async function assertMayDecide(db: DbOrTx, actor: Actor, row: ApprovalRow): Promise<void> {
  assertNotRequester(actor, row);
  if (ABOUT_A_PERSON.has(row.kind)) {
    if (row.entityId === actor.id) throw new ApiError('four_eyes', germanProblem('approvalAboutSelf'));
    const [person] = await db.select({ role: users.role }).from(users).where(eq(users.id, row.entityId));
    if (person?.role === 'admin' && actor.role !== 'admin') {
      throw new ApiError('forbidden', germanProblem('approvalAdminOnly'));
    }
  }
  if (row.kind === 'role_grant' || ABOUT_A_PERSON.has(row.kind)) assertRecentStepUp(actor);
}

/** The approval's own history entry for a decision, next to the entity's. */
export async function recordDecision(
  db: DbOrTx,
  actor: Actor,
  row: ApprovalRow,
  status: 'approved' | 'rejected' | 'withdrawn' | 'obsolete',
  comment: string,
): Promise<void> {
  const action = { approved: 'approve', rejected: 'reject', withdrawn: 'withdraw', obsolete: 'status_change' } as const;
  await recordChange(db, {
    actor,
    entityType: 'approval',
    entityId: row.id,
    entityLabel: row.entityLabel,
    accountId: row.accountId,
    action: action[status],
    fields: [
      { field: 'status', before: 'pending', after: status },
      ...(comment ? [{ field: 'comment', before: null, after: comment }] : []),
    ],
    approvalId: row.id,
    personId: row.entityType === 'user' ? row.entityId : null,
  });
}
