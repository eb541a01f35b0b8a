import 'server-only';
import { and, eq, ne } from 'drizzle-orm';
import { isStaff } from '@/lib/schemas/roles';
import type { Tx } from '@/lib/server/db/types';
import { accounts, users } from '@/lib/server/db/schema';
import { invalidField } from '@/lib/server/http/api-error';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { userReach } from '@/lib/server/services/users/user-reach';
import type { ActorReach } from './task-reach';

export const ASSIGNEE_NOT_ASSIGNABLE = 'taskAssigneeNotAssignable' as const;
export const ASSIGNEE_CANNOT_SEE_ACCOUNT = 'taskAssigneeCannotSeeAccount' as const;
export const ACCOUNT_NOT_ASSIGNABLE = 'taskAccountNotAssignable' as const;

/**
 * Whom the actor may give a task: themselves, or any user in their user reach (admin and back
 * office: everyone; a distributor: the managers of their accounts; a manager: those of their
 * tree) who is not deactivated. Answers the assignee's row for the account rule.
 */
export async function requireAssignableUser(tx: Tx, actor: ActorReach, assigneeId: string) {
  const [row] = await tx
    .select({ id: users.id, role: users.role, accountId: users.accountId })
    .from(users)
    .where(
      and(
        eq(users.id, assigneeId),
        ne(users.status, 'deactivated'),
        assigneeId === actor.id || isStaff(actor.role) ? undefined : userReach(actor),
      ),
    )
    .limit(1);
  if (!row) throw invalidField('assigneeId', ASSIGNEE_NOT_ASSIGNABLE);
  return row;
}

/**
 * The task's account must be in the actor's reach and not archived, and the assignee must be able
 * to see it (SPEC §2 Task), else 422: on `accountId` for the actor's side, on `assigneeId` for the
 * assignee's. The account row is share-locked, so it cannot be archived before the commit.
 */
export async function assertTaskAccount(
  tx: Tx,
  actor: ActorReach,
  assignee: { id: string; role: ActorReach['role']; accountId: string | null },
  accountId: string,
): Promise<void> {
  const [account] = await tx
    .select({ id: accounts.id, status: accounts.status })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), accountReach(actor)))
    .limit(1)
    .for('share');
  if (!account || account.status === 'archived') throw invalidField('accountId', ACCOUNT_NOT_ASSIGNABLE);
  const [visible] = await tx
    .select({ id: accounts.id })
    .from(accounts)
    .where(and(eq(accounts.id, accountId), accountReach(assignee)))
    .limit(1);
  if (!visible) throw invalidField('assigneeId', ASSIGNEE_CANNOT_SEE_ACCOUNT);
}
