import { hasScope } from '@/lib/auth/has-scope';
import type { SessionUser } from '@/lib/schemas/auth';
import { ASSIGNABLE_ROLES, type Role } from '@/lib/schemas/roles';

type Actor = Pick<SessionUser, 'id' | 'role' | 'scope'>;

export function grantableRoles(actor: Pick<Actor, 'role' | 'scope'>): readonly Role[] {
  return hasScope(actor.scope, 'users.write') ? ASSIGNABLE_ROLES[actor.role] : [];
}

/**
 * Whether the actor may change this user (edit, lock, deactivate, resend the invitation): never
 * themselves (that is the profile's job), and only users whose role they could grant, so back
 * office leaves admins alone and a distributor touches only managers.
 */
export function canManageUser(actor: Actor, target: { id: string; role: Role }): boolean {
  return actor.id !== target.id && grantableRoles(actor).includes(target.role);
}
