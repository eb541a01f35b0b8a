import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { z } from 'zod';
import { accountUpdateSchema } from '@/lib/schemas/account';
import { documentUpdateSchema } from '@/lib/schemas/document';
import type { RestoreStateInput, RestoreStateResult } from '@/lib/schemas/restore-state';
import { taskUpdateSchema } from '@/lib/schemas/task';
import { userUpdateSchema } from '@/lib/schemas/user';
import { whitelistUpdateSchema } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb, inTransaction } from '@/lib/server/db/client';
import { changes as changesTable, type ChangeField } from '@/lib/server/db/schema';
import type { DbOrTx } from '@/lib/server/db/types';
import { type AsOfEntityType, verifyRecordAsOf } from '@/lib/server/history/as-of';
import { resolveValue } from '@/lib/server/history/personal-refs';
import { isSecretField } from '@/lib/server/history/record-change';
import { loadRefLookup } from '@/lib/server/history/ref-lookup';
import { ApiError, invalidField, notFound } from '@/lib/server/http/api-error';
import { germanProblem } from '@/lib/server/http/german-problem';
import { conflict } from '@/lib/server/http/etag';
import { lockTree, requireAccount, requireAccountRow } from '@/lib/server/services/accounts/account-record';
import { resumeAccount } from '@/lib/server/services/accounts/resume-account';
import { suspendAccount } from '@/lib/server/services/accounts/suspend-account';
import { updateAccount } from '@/lib/server/services/accounts/update-account';
import { getAsOf } from '@/lib/server/services/changes/get-as-of';
import { requireDocument, requireDocumentRow } from '@/lib/server/services/documents/document-record';
import { updateDocument } from '@/lib/server/services/documents/update-document';
import { requireTask, requireTaskRow } from '@/lib/server/services/tasks/task-record';
import { updateTask } from '@/lib/server/services/tasks/update-task';
import { requireUser, requireUserRow } from '@/lib/server/services/users/user-record';
import { updateUser } from '@/lib/server/services/users/update-user';
import { requireWhitelistEntry } from '@/lib/server/services/whitelist/whitelist-record';
import { updateWhitelistEntry } from '@/lib/server/services/whitelist/update-whitelist-entry';
import { planFromEntry, planFromState, type RestorePlan } from './restore-plan';

type Values = Record<string, unknown>;
type Approval = RestoreStateResult['approval'];

/** How each record is read now and changed: its edit's schema and service, nothing of its own. */
interface Resource {
  /** The record's fields now (as the history names them) and its version; 404 outside reach. */
  current: (db: DbOrTx, actor: Actor, id: string) => Promise<Values & { version: number }>;
  /** The 409 an edit answers for a stale version: with the record as it is now. */
  record: (db: DbOrTx, actor: Actor, id: string) => Promise<unknown>;
  schema: z.ZodType<Values>;
  /**
   * Applies the change as `PATCH` does; answers the version after it and any approval filed.
   * `wasActive`: the account was active when the restore began (its benefits need four eyes).
   */
  apply: (
    actor: Actor,
    id: string,
    changes: Values,
    version: number,
    wasActive: boolean,
  ) => Promise<{ version: number; approval: Approval }>;
  /** Fields an approval holds instead of applying (they are not "restored at once"). */
  held: readonly string[];
}

const approvalOf = (approval: { id: string; kind: string; status: string } | null): Approval =>
  approval ? ({ id: approval.id, kind: approval.kind, status: approval.status } as NonNullable<Approval>) : null;

const RESOURCES: Record<AsOfEntityType, Resource> = {
  account: {
    current: (db, actor, id) => requireAccountRow(db, actor, id),
    record: (db, actor, id) => requireAccount(db, actor, id),
    schema: accountUpdateSchema as unknown as z.ZodType<Values>,
    apply: async (actor, id, changes, version, wasActive) => {
      const { account, approval } = await updateAccount(actor, id, changes, version, {
        benefitsNeedApproval: wasActive,
      });
      return { version: account.version, approval: approvalOf(approval) };
    },
    held: ['benefits'],
  },
  user: {
    current: (db, actor, id) => requireUserRow(db, actor, id),
    record: (db, actor, id) => requireUser(db, actor, id),
    schema: userUpdateSchema as unknown as z.ZodType<Values>,
    apply: async (actor, id, changes, version) => {
      const { user, approval } = await updateUser(actor, id, changes, version);
      return { version: user.version, approval: approvalOf(approval) };
    },
    held: ['role', 'accountId'],
  },
  task: {
    current: (db, actor, id) => requireTaskRow(db, actor, id),
    record: (db, actor, id) => requireTask(db, actor, id),
    schema: taskUpdateSchema as unknown as z.ZodType<Values>,
    apply: async (actor, id, changes, version) => ({
      version: (await updateTask(actor, id, changes, version)).version,
      approval: null,
    }),
    held: [],
  },
  whitelist_entry: {
    current: (db, actor, id) => requireWhitelistEntry(db, actor, id),
    record: (db, actor, id) => requireWhitelistEntry(db, actor, id),
    schema: whitelistUpdateSchema as unknown as z.ZodType<Values>,
    apply: async (actor, id, changes, version) => ({
      version: (await updateWhitelistEntry(actor, id, changes, version)).version,
      approval: null,
    }),
    held: [],
  },
  document: {
    current: (db, actor, id) => requireDocumentRow(db, actor, id),
    record: (db, actor, id) => requireDocument(db, actor, id),
    schema: documentUpdateSchema as unknown as z.ZodType<Values>,
    apply: async (actor, id, changes, version) => ({
      version: (await updateDocument(actor, id, changes, version)).version,
      approval: null,
    }),
    held: [],
  },
};

/** A record that is deleted now has no edit to restore through: restore it first (422). */
async function currentOrDeleted(db: DbOrTx, actor: Actor, type: AsOfEntityType, id: string, known: boolean) {
  try {
    return await RESOURCES[type].current(db, actor, id);
  } catch (error) {
    if (known && error instanceof ApiError && error.code === 'not_found' && type !== 'account' && type !== 'user') {
      throw invalidField('id', 'restoreDeleted');
    }
    throw error;
  }
}

/** The fields as they were before one history entry of the record, people's values resolved. */
async function entryFields(db: DbOrTx, type: AsOfEntityType, id: string, changeId: string) {
  const [entry] = await db
    .select({ at: changesTable.at, action: changesTable.action, fields: changesTable.fields })
    .from(changesTable)
    .where(and(eq(changesTable.id, changeId), eq(changesTable.entityType, type), eq(changesTable.entityId, id)))
    .limit(1);
  if (!entry) throw notFound('Verlaufseintrag');
  if (entry.action !== 'update' && entry.action !== 'status_change') {
    throw invalidField('changeId', 'restoreNotAnEdit');
  }
  const raw = (entry.fields ?? []).filter((field) => !isSecretField(field.field));
  const lookup = await loadRefLookup(db, [{ actorLabel: '', entityLabel: '', fields: raw }]);
  const fields: ChangeField[] = raw.map((field) => ({
    field: field.field,
    before: resolveValue(field.before, lookup),
    after: resolveValue(field.after, lookup),
  }));
  return { at: entry.at, fields };
}

/** 409 naming the fields changed again since the chosen state (`restoreChangedSince`). */
function changedSince(fields: readonly string[]): ApiError {
  const message = germanProblem('restoreChangedSince', { fields: fields.join(', ') });
  return new ApiError('conflict', message, {
    details: fields.map((path) => ({
      path,
      message,
      code: 'restoreChangedSince',
      params: { fields: fields.join(', ') },
    })),
  });
}

/**
 * An account's status goes back through suspend or resume (admin and back office, as on the
 * page): active ↔ suspended. Back to draft, or out of archived, no action leads (422).
 */
function statusAction(then: unknown, now: unknown): (actor: Actor, id: string) => Promise<{ version: number }> {
  if (then === 'active' && now === 'suspended') return resumeAccount;
  if (then === 'suspended' && now === 'active') return suspendAccount;
  throw invalidField('status', 'restoreStatus');
}

/**
 * `POST /{resource}/{id}/restore-state/` (issue 51): "Diesen Stand wiederherstellen". The state as
 * of a moment (`asOf`: every field an edit changes goes back to its value then) or before one
 * history entry (`changeId`: that entry's fields go back, refused with 409 if one of them changed
 * again since — the three-way conflict of the edit forms). Applied as the inverse change through the
 * record's own update service, so the same rules hold: reach and write rights, a benefit change of an
 * active account or a grant of a staff role is filed as an approval, an archived account or an
 * account a user can no longer be given refuses (422). The values then must pass today's schema
 * (422 `restoreInvalid`); the history up to then must verify (422 `restoreUnverified`: the state
 * cannot be vouched for); a state equal to now is 422 `restoreNothing`. The version the client
 * compared against (If-Match) must still be the record's, otherwise 409 with the record now.
 * A restore is one transaction: an account's status step (suspend or resume, direct for staff, no
 * approval) and its field step commit together, so a refusal of either leaves the record as it was.
 * Benefits need four eyes when the account is active before the restore or after it. Resuming comes
 * first, so the field step sees an active account; suspending comes first too (its refusal stops the
 * restore before any field), and the field step still files the benefits as an approval because the
 * account was active when the restore began: going back to a suspended state is no way around it.
 */
export async function restoreState(
  actor: Actor,
  type: AsOfEntityType,
  id: string,
  input: Pick<RestoreStateInput, 'asOf' | 'changeId'>,
  expectedVersion: number,
): Promise<RestoreStateResult> {
  const resource = RESOURCES[type];
  const db = await getDb();
  let plan: RestorePlan;
  let now: Values & { version: number };
  if (input.asOf !== undefined) {
    // Reach as the as-of read decides it, 422 before the record existed, the chain checked up to then.
    const view = await getAsOf(actor, type, id, input.asOf);
    if (view.deletedAt) throw invalidField('asOf', 'restoreDeleted');
    if (!view.verification.ok) throw invalidField('asOf', 'restoreUnverified');
    now = await currentOrDeleted(db, actor, type, id, true);
    plan = planFromState(type, view.values, now);
  } else {
    now = await currentOrDeleted(db, actor, type, id, false);
    const entry = await entryFields(db, type, id, input.changeId!);
    if (!(await verifyRecordAsOf(db, type, id, entry.at)).ok) throw invalidField('changeId', 'restoreUnverified');
    plan = planFromEntry(type, entry.fields, now);
  }
  if (now.version !== expectedVersion) throw conflict(await resource.record(db, actor, id));
  // Archived accounts are read-only: no state of theirs comes back.
  if (type === 'account' && now.status === 'archived') throw invalidField('status', 'restoreAccountArchived');
  if (plan.conflicts.length > 0) throw changedSince(plan.conflicts);
  // An account's status is no field of its edit: it goes back through suspend or resume (below).
  const { status, ...accountFields } = plan.changes;
  const fields = type === 'account' ? accountFields : plan.changes;
  if (Object.keys(plan.changes).length === 0) throw invalidField(input.asOf ? 'asOf' : 'changeId', 'restoreNothing');

  const parsed = resource.schema.safeParse(fields);
  if (!parsed.success) {
    const invalid = [...new Set(parsed.error.issues.map((issue) => String(issue.path[0] ?? '')))].filter(Boolean);
    throw invalidField(invalid[0] ?? 'asOf', 'restoreInvalid', { fields: invalid.join(', ') });
  }

  // One unit (issue 51): the status step and the field step commit together or not at all, so a
  // refusal of the second (an edit rule the old values no longer pass) leaves the first unapplied. The
  // services' own transactions become savepoints of this one (`inTransaction`); nothing of the restore
  // goes through an approval that outlives it except the one the field step files, in the same commit.
  const { version, approval } = await inTransaction(async () => {
    const tx = await getDb();
    let current = expectedVersion;
    if (type === 'account' && status !== undefined) {
      // The tree's root first, as every writer of a tree locks it, then the account itself: no
      // other writer changes it between the check and the two steps.
      const row = await requireAccountRow(tx, actor, id);
      await lockTree(tx, row);
      const locked = await requireAccountRow(tx, actor, id, { lock: 'update' });
      if (locked.version !== expectedVersion) throw conflict(await resource.record(tx, actor, id));
      // An account's status first: its refusal (an inactive parent) stops the restore before the fields.
      current = (await statusAction(status, locked.status)(actor, id)).version;
    }
    if (Object.keys(parsed.data).length === 0) return { version: current, approval: null as Approval };
    return resource.apply(actor, id, parsed.data, current, type === 'account' && now.status === 'active');
  });
  const held = approval ? new Set(resource.held) : new Set<string>();
  return {
    id,
    version,
    restored: Object.keys(plan.changes)
      .filter((field) => !held.has(field))
      .sort(),
    approval,
  };
}
