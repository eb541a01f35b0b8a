import { assertRecentStepUp } from '@/lib/server/services/mfa/step-up';
import 'server-only';
import type { z } from 'zod';
import type { User, userUpdateSchema } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { updateVersioned } from '@/lib/server/db/versioned-update';
import { requestApproval } from '@/lib/server/services/approvals/request-approval';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { assertAssignableAccount } from './assignable-account';
import { requireUser, requireUserRow, userVersionConflict } from './user-record';
import {
  assertMayAssignRole,
  assertMayWriteUser,
  assertNotDeactivated,
  assertNotSelf,
  checkRoleAccount,
  needsRoleGrant,
} from './user-rules';
import { userLabel } from '@/lib/server/history/change-fields';

export type UserUpdate = z.output<typeof userUpdateSchema>;
type UserChanges = Omit<UserUpdate, 'version'>;

export interface UserUpdateResult {
  user: User;
  approval: { id: string; kind: 'role_grant'; status: 'pending' } | null;
}

/**
 * `PATCH /users/{id}` with optimistic locking (SPEC §5): applies only to the version the client
 * read (`UPDATE … WHERE version = expected`), otherwise 409 with the current record.
 *
 * Role and account are checked on the merged record (a manager needs an account in the actor's
 * reach, everyone else none). Nobody changes their own role. Moving a user to admin or back office
 * is not applied but filed as a `role_grant` approval (SPEC §4) whose payload holds the role and,
 * if it changes with it, the account; the other fields apply at once and the approval is based on
 * the version that results (409 about `role` if a grant is pending already). A role or account
 * change that applies ends the user's sessions, so they sign in again with their new reach.
 */
export async function updateUser(
  actor: Actor,
  id: string,
  input: UserUpdate,
  expectedVersion: number,
): Promise<UserUpdateResult> {
  const { version: _version, ...requested } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await requireUserRow(tx, actor, id, { lock: 'update' });
    assertMayWriteUser(actor, current);
    assertNotDeactivated(current);
    if (current.version !== expectedVersion) throw await userVersionConflict(tx, actor, id);

    const changes: UserChanges = { ...requested };
    if (changes.role === current.role) delete changes.role;
    if (changes.accountId === current.accountId) delete changes.accountId;
    const nextRole = changes.role ?? current.role;
    const nextAccountId = changes.accountId !== undefined ? changes.accountId : current.accountId;

    if (changes.role !== undefined) {
      assertNotSelf(actor, current, 'eine andere Rolle geben');
      assertMayAssignRole(actor, changes.role);
    }
    checkRoleAccount(nextRole, nextAccountId);
    if (changes.accountId) await assertAssignableAccount(tx, actor, changes.accountId);

    let proposed: Record<string, unknown> | null = null;
    if (changes.role !== undefined && needsRoleGrant(current.role, changes.role)) {
      assertRecentStepUp(actor);
      proposed = { role: changes.role };
      if (changes.accountId !== undefined) proposed.accountId = changes.accountId;
      delete changes.role;
      delete changes.accountId;
    }

    const { row: updated, fields } = await updateVersioned(tx, {
      table: users,
      current,
      expectedVersion,
      changes,
      conflict: () => userVersionConflict(tx, actor, id),
      history: (row) => ({
        actor,
        entityType: 'user',
        entityId: id,
        entityLabel: userLabel(row),
        accountId: row.accountId,
      }),
    });
    if (fields.length > 0 && (changes.role !== undefined || changes.accountId !== undefined)) {
      await revokeUserSessions(id, 'role_changed', { tx });
    }

    const approval = proposed
      ? await requestApproval(tx, actor, {
          kind: 'role_grant',
          entityType: 'user',
          entityId: id,
          entityLabel: userLabel(updated),
          accountId: updated.accountId,
          payload: proposed,
          baseVersion: updated.version,
          reason: '',
          current: { role: current.role, accountId: current.accountId },
        })
      : null;

    const user = await requireUser(tx, actor, id);
    return { user, approval: approval ? { id: approval.id, kind: 'role_grant', status: 'pending' } : null };
  });
}
