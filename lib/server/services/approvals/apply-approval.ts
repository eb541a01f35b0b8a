import 'server-only';
import { and, eq, ne, sql } from 'drizzle-orm';
import { roleSchema } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import type { Tx } from '@/lib/server/db/types';
import { accounts, users, type BenefitRow } from '@/lib/server/db/schema';
import { diffFields, recordChange } from '@/lib/server/history/record-change';
import type { MailRequest } from '@/lib/server/mail/send-mail';
import { lockTree } from '@/lib/server/services/accounts/account-record';
import { invalidField } from '@/lib/server/http/api-error';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { prepareActivationMail } from '@/lib/server/services/users/activation-mail';
import { assertMayAssignRole } from '@/lib/server/services/users/user-rules';
import { userLabel } from '@/lib/server/history/change-fields';
import { applyUserErasure } from '@/lib/server/services/users/erase-user';
import type { ApprovalRow } from './approval-record';
import { applyMfaReset } from '@/lib/server/services/mfa/mfa-reset';

/** `obsolete`: the entity changed since the request, nothing was applied. */
export type ApplyResult = { applied: false } | { applied: true; mail: MailRequest | null };

const OBSOLETE: ApplyResult = { applied: false };

/**
 * Applies an approved request to its entity inside the decision's transaction, with the entity's
 * history entry pointing at the approval. The entity is locked first; if its version is no longer
 * the one the request was based on, someone changed it meanwhile and the request is obsolete.
 */
export async function applyApproval(tx: Tx, actor: Actor, approval: ApprovalRow): Promise<ApplyResult> {
  if (approval.kind === 'mfa_reset') {
    await applyMfaReset(tx, actor, approval);
    return { applied: true, mail: null };
  }
  if (approval.kind === 'user_erasure') return applyUserErasure(tx, actor, approval);
  return approval.entityType === 'account' ? applyToAccount(tx, actor, approval) : applyRoleGrant(tx, actor, approval);
}

async function applyToAccount(tx: Tx, actor: Actor, approval: ApprovalRow): Promise<ApplyResult> {
  const [found] = await tx.select().from(accounts).where(eq(accounts.id, approval.entityId));
  if (!found) return OBSOLETE;
  // Same lock order as every other tree writer: the root, then the account.
  await lockTree(tx, found);
  const [account] = await tx.select().from(accounts).where(eq(accounts.id, approval.entityId)).for('update');
  if (!account || account.version !== approval.baseVersion) return OBSOLETE;

  /** Writes the change to one account, with its history entry pointing at the approval. */
  const write = async (
    set: Partial<Pick<typeof accounts.$inferInsert, 'status' | 'benefits'>>,
    action: 'status_change' | 'update',
  ): Promise<ApplyResult> => {
    await tx
      .update(accounts)
      .set({ ...set, version: sql`${accounts.version} + 1`, updatedAt: sql`now()` })
      .where(eq(accounts.id, account.id));
    await recordChange(tx, {
      actor,
      entityType: 'account',
      entityId: account.id,
      entityLabel: account.name,
      accountId: account.id,
      action,
      fields: diffFields(account, set),
      approvalId: approval.id,
    });
    return { applied: true, mail: null };
  };

  switch (approval.kind) {
    case 'account_activation': {
      if (account.parentId) {
        const [parent] = await tx
          .select({ status: accounts.status })
          .from(accounts)
          .where(eq(accounts.id, account.parentId));
        if (parent?.status !== 'active') {
          throw invalidField('parentId', 'parentNotActiveForActivation');
        }
      }
      return write({ status: 'active' }, 'status_change');
    }
    case 'account_archive': {
      // Archived is read-only for the whole tree: sub-accounts go with it, each with its history.
      const inTree = and(sql`${accounts.lineage} @> ARRAY[${account.id}]::uuid[]`, ne(accounts.status, 'archived'));
      const before = await tx
        .select({ id: accounts.id, name: accounts.name, status: accounts.status })
        .from(accounts)
        .where(inTree)
        .for('update');
      await tx
        .update(accounts)
        .set({ status: 'archived', version: sql`${accounts.version} + 1`, updatedAt: sql`now()` })
        .where(inTree);
      for (const row of before) {
        await recordChange(tx, {
          actor,
          entityType: 'account',
          entityId: row.id,
          entityLabel: row.name,
          accountId: row.id,
          action: 'status_change',
          fields: [{ field: 'status', before: row.status, after: 'archived' }],
          approvalId: approval.id,
        });
      }
      return { applied: true, mail: null };
    }
    case 'benefit_change':
      return write({ benefits: approval.payload.benefits as BenefitRow[] }, 'update');
    case 'role_grant':
    case 'mfa_reset':
    case 'user_erasure':
      throw new Error(`applyApproval: a role grant on an account (${approval.id})`);
  }
}

async function applyRoleGrant(tx: Tx, actor: Actor, approval: ApprovalRow): Promise<ApplyResult> {
  const role = roleSchema.parse(approval.payload.role);
  // Four eyes do not widen what the decider may give: back office cannot grant administrator.
  assertMayAssignRole(actor, role);
  const [user] = await tx.select().from(users).where(eq(users.id, approval.entityId)).for('update');
  if (!user || user.version !== approval.baseVersion || user.status === 'deactivated') return OBSOLETE;

  const next: { role: typeof role; accountId?: string | null } = { role };
  if ('accountId' in approval.payload) next.accountId = (approval.payload.accountId as string | null) ?? null;
  const fields = [
    ...(user.role !== role ? [{ field: 'role', before: user.role, after: role }] : []),
    ...(next.accountId !== undefined && next.accountId !== user.accountId
      ? [{ field: 'accountId', before: user.accountId, after: next.accountId }]
      : []),
  ];
  const [updated] = await tx
    .update(users)
    .set({ ...next, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, user.id))
    .returning();
  if (!updated) return OBSOLETE;
  await recordChange(tx, {
    actor,
    entityType: 'user',
    entityId: user.id,
    entityLabel: userLabel(updated),
    accountId: updated.accountId,
    action: 'update',
    // An invited user was created with the role already; the grant is what the entry records.
    fields: fields.length > 0 ? fields : [{ field: 'role', before: null, after: role }],
    approvalId: approval.id,
  });
  // A new role means a new reach: the user signs in again to get it.
  if (fields.length > 0) await revokeUserSessions(user.id, 'role_changed', { tx });
  // The invitation held back until the grant was approved goes out now (queued by the caller, in this transaction).
  const mail = updated.status === 'invited' ? await prepareActivationMail(tx, updated) : null;
  return { applied: true, mail };
}
