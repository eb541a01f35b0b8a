import { hasScope } from '@/lib/auth/has-scope';
import type { SessionUser } from '@/lib/schemas/auth';
import { ROLES, type Role } from '@/lib/schemas/roles';

type Actor = Pick<SessionUser, 'id' | 'role' | 'scope'>;

/**
 * The roles each role may give (SPEC §1): admin all, back office all but admin, a distributor
 * only managers of their own accounts. The API enforces the same; the UI only offers these.
 */
const GRANTABLE_ROLES: Record<Role, readonly Role[]> = {
  admin: ROLES,
  backoffice: ['backoffice', 'distributor', 'manager'],
  distributor: ['manager'],
  manager: [],
};

/** Granting these roles becomes an approval request (four eyes) instead of taking effect. */
export const APPROVAL_ROLES: readonly Role[] = ['admin', 'backoffice'];

export function grantableRoles(actor: Pick<Actor, 'role' | 'scope'>): readonly Role[] {
  return hasScope(actor.scope, 'users.write') ? GRANTABLE_ROLES[actor.role] : [];
}

export function needsApproval(role: Role | '' | null | undefined): boolean {
  return role !== '' && role !== null && role !== undefined && APPROVAL_ROLES.includes(role);
}

/**
 * Whether the actor may change this user (edit, lock, deactivate, resend the invitation): never
 * themselves (that is the profile's job), and only users whose role they could grant, so back
 * office leaves admins alone and a distributor touches only managers.
 */
export function canManageUser(actor: Actor, target: { id: string; role: Role }): boolean {
  return actor.id !== target.id && grantableRoles(actor).includes(target.role);
}
