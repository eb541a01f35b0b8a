import 'server-only';
import { SCOPES, type Role, type Scope } from '@/lib/schemas/roles';

/** Each role is a bundle of scopes (SPEC §1). Row-level reach is enforced by the services. */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  // Admin and back office hold every scope; what sets them apart (back office may not touch
  // admins or grant the admin role) is enforced by the services.
  admin: SCOPES,
  backoffice: SCOPES,
  distributor: SCOPES.filter((scope) => scope !== 'approvals.decide'),
  manager: SCOPES.filter((scope) => !['accounts.write', 'users.write', 'approvals.decide'].includes(scope)),
};

export function scopesOf(role: Role): readonly Scope[] {
  return ROLE_SCOPES[role];
}
