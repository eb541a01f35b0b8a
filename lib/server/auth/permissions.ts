import 'server-only';
import type { Role, Scope } from '@/lib/schemas/roles';

/** Each role is a bundle of scopes (SPEC §1). Row-level reach is enforced by the services. */
export const ROLE_SCOPES: Record<Role, readonly Scope[]> = {
  admin: [
    'accounts.read',
    'accounts.write',
    'users.read',
    'users.write',
    'documents.read',
    'documents.write',
    'tasks.read',
    'tasks.write',
    'history.read',
    'approvals.read',
    'approvals.decide',
    'whitelist.read',
    'whitelist.write',
  ],
  backoffice: [
    'accounts.read',
    'accounts.write',
    'users.read',
    'users.write',
    'documents.read',
    'documents.write',
    'tasks.read',
    'tasks.write',
    'history.read',
    'approvals.read',
    'approvals.decide',
    'whitelist.read',
    'whitelist.write',
  ],
  distributor: [
    'accounts.read',
    'accounts.write',
    'users.read',
    'users.write',
    'documents.read',
    'documents.write',
    'tasks.read',
    'tasks.write',
    'history.read',
    'approvals.read',
    'whitelist.read',
    'whitelist.write',
  ],
  manager: [
    'accounts.read',
    'users.read',
    'documents.read',
    'documents.write',
    'tasks.read',
    'tasks.write',
    'history.read',
    'approvals.read',
    'whitelist.read',
    'whitelist.write',
  ],
};

export function scopesOf(role: Role): readonly Scope[] {
  return ROLE_SCOPES[role];
}
