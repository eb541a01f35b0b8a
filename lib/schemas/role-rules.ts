/**
 * Roles, scopes and who may give which role: plain data without zod, so that client components can
 * use them without bringing zod into the page's first load (issue 15). `roles.ts` adds the schemas.
 */

export const ROLES = ['admin', 'backoffice', 'distributor', 'manager'] as const;
export type Role = (typeof ROLES)[number];

export const SCOPES = [
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
  /** Only the portal's question `GET /whitelist/check` (every role with whitelist.read has it; issue 48). */
  'whitelist.check',
] as const;
export type Scope = (typeof SCOPES)[number];

/** Admin and back office: every account and user in reach, status changes, the distributor of a tree. */
export const STAFF_ROLES = ['admin', 'backoffice'] as const satisfies readonly Role[];

export function isStaff(role: Role): boolean {
  return (STAFF_ROLES as readonly Role[]).includes(role);
}

/**
 * The roles each role may give (SPEC §1), by invitation or by a change: admin all, back office all
 * but admin, a distributor only managers of their own accounts. The API enforces it; the UI offers these.
 */
export const ASSIGNABLE_ROLES: Readonly<Record<Role, readonly Role[]>> = {
  admin: ROLES,
  backoffice: ['backoffice', 'distributor', 'manager'],
  distributor: ['manager'],
  manager: [],
};

/** Granting these roles becomes a `role_grant` approval request (four eyes, SPEC §4) instead of taking effect. */
export const GRANT_BY_APPROVAL_ROLES: readonly Role[] = ['admin', 'backoffice'];

export function needsApproval(role: Role | '' | null | undefined): boolean {
  return role !== '' && role !== null && role !== undefined && GRANT_BY_APPROVAL_ROLES.includes(role);
}
