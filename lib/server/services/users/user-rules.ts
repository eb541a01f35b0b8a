import 'server-only';
import { ASSIGNABLE_ROLES, needsApproval, type Role } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import type { users } from '@/lib/server/db/schema';
import { ApiError, invalidField } from '@/lib/server/http/api-error';

/**
 * Who may do what to which user (SPEC §1 users.read / users.write), as plain functions of the
 * actor and the target, so the services share one set of rules. Reach (which users an actor
 * sees at all) is `userReach`; these decide what an actor may do to a user they see.
 */

export type UserRow = typeof users.$inferSelect;
export type UserStatus = UserRow['status'];
type ActorRef = Pick<Actor, 'id' | 'role'>;

export const ROLE_LABELS_DE: Record<Role, string> = {
  admin: 'Administrator',
  backoffice: 'Innendienst',
  distributor: 'Vertrieb',
  manager: 'Manager',
};

export const USER_STATUS_LABELS_DE: Record<UserStatus, string> = {
  invited: 'Eingeladen',
  active: 'Aktiv',
  locked: 'Gesperrt',
  deactivated: 'Deaktiviert',
};

/** The roles an actor may give (by invitation or by a change). */
export function assignableRoles(actor: Pick<Actor, 'role'>): readonly Role[] {
  return ASSIGNABLE_ROLES[actor.role];
}

export function assertMayAssignRole(actor: Pick<Actor, 'role'>, role: Role): void {
  if (!assignableRoles(actor).includes(role)) {
    throw new ApiError('forbidden', `Sie dürfen die Rolle ${ROLE_LABELS_DE[role]} nicht vergeben.`);
  }
}

/**
 * Write access to a user the actor can see (reach already checked): back office reads admins but
 * may not change them (403, not 404: the record is visible to them); a manager writes no user.
 */
export function assertMayWriteUser(actor: Pick<Actor, 'role'>, target: Pick<UserRow, 'role'>): void {
  if (actor.role === 'manager') throw new ApiError('forbidden', 'Keine Berechtigung für diese Aktion.');
  if (actor.role === 'backoffice' && target.role === 'admin') {
    throw new ApiError('forbidden', 'Der Innendienst darf Administratoren nicht ändern.');
  }
}

/** Nobody locks, deactivates or re-roles themselves (they could not undo it, or would skip four eyes). */
export function assertNotSelf(actor: ActorRef, target: Pick<UserRow, 'id'>, what: string): void {
  if (actor.id === target.id) throw new ApiError('forbidden', `Sie können sich nicht selbst ${what}.`);
}

/** Managers belong to an account; every other role to none (SPEC §2 User), checked on the merged record. */
export function checkRoleAccount(role: Role, accountId: string | null): void {
  if (role === 'manager' && !accountId) throw invalidField('accountId', 'managerNeedsAccount');
  if (role !== 'manager' && accountId) throw invalidField('accountId', 'onlyManagersHaveAccount');
}

/** Whether moving a user to `role` needs a role_grant approval instead of applying at once. */
export function needsRoleGrant(currentRole: Role | null, nextRole: Role): boolean {
  return nextRole !== currentRole && needsApproval(nextRole);
}

/** Deactivated is final for now: such a user is read-only. */
export function assertNotDeactivated(target: Pick<UserRow, 'status'>): void {
  if (target.status === 'deactivated') {
    throw invalidField('status', 'userDeactivated');
  }
}

/** lock: from active or invited. */
export function assertLockable(target: Pick<UserRow, 'status'>): void {
  assertNotDeactivated(target);
  if (target.status === 'locked') throw invalidField('status', 'userAlreadyLocked');
}

/** unlock: only a locked user; back to active with a password, else to invited (activation pending). */
export function unlockedStatus(target: Pick<UserRow, 'status' | 'passwordHash'>): 'active' | 'invited' {
  assertNotDeactivated(target);
  if (target.status !== 'locked') throw invalidField('status', 'userNotLocked');
  return target.passwordHash ? 'active' : 'invited';
}

/** resend-invitation: only an invited user whose role is not waiting for its approval. */
export function assertInvitable(target: Pick<UserRow, 'status'>, hasPendingRoleGrant: boolean): void {
  if (target.status !== 'invited') {
    throw invalidField('status', 'userNotInvited');
  }
  if (hasPendingRoleGrant) {
    throw invalidField('role', 'roleAwaitsApproval');
  }
}
