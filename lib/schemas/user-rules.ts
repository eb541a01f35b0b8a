/** User rules without zod, for client components (issue 15); `user.ts` adds the schemas. */

/** Password rules every form shows; the server also refuses common passwords and the e-mail's local part. */
export const PASSWORD_MIN_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;

/** A change of role to admin or back office waits for a second person's approval. */
export function hasPendingRoleGrant(user: { pendingApprovals: readonly { kind: string }[] }): boolean {
  return user.pendingApprovals.some((approval) => approval.kind === 'role_grant');
}
