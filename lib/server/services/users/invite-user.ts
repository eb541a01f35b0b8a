import { assertRecentStepUp } from '@/lib/server/services/mfa/step-up';
import 'server-only';
import { sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { User, userInviteSchema } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx, Tx } from '@/lib/server/db/types';
import { users } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { requestApproval } from '@/lib/server/services/approvals/request-approval';
import { queueActivationMail } from './activation-mail';
import { assertAssignableAccount } from './assignable-account';
import { requireUser } from './user-record';
import { assertMayAssignRole, checkRoleAccount, needsRoleGrant, type UserRow } from './user-rules';
import { invalidField } from '@/lib/server/http/api-error';
import { createdFields } from '@/lib/server/history/change-fields';
import { userLabel } from '@/lib/server/history/change-fields';
import { isUniqueViolation } from '@/lib/server/db/database-errors';

export type UserInvite = z.output<typeof userInviteSchema>;

const emailTaken = () => invalidField('email', 'emailTaken');

async function assertEmailFree(db: DbOrTx, email: string): Promise<void> {
  const [existing] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.email}) = lower(${email})`)
    .limit(1);
  if (existing) throw emailTaken();
}

/**
 * `POST /users`: invites a user (status invited, no password). The e-mail is unique regardless of
 * case (the unique index on lower(email) settles races). A manager needs an account in the
 * actor's reach that is not archived; the other roles have none.
 *
 * Granting admin or back office needs four eyes (SPEC §4): such a user is created with the
 * requested role but stays invited without an activation link, and a pending `role_grant`
 * approval (payload {role}, baseVersion 1) is filed; the invitation mail goes out only once the
 * grant is approved. Everyone else gets the invitation mail (72-hour activation link, in their
 * language) queued in the same transaction.
 */
export async function inviteUser(actor: Actor, input: UserInvite): Promise<User> {
  // Granting a staff role needs a fresh second factor (step-up) from a user who has one.
  if (needsRoleGrant(null, input.role)) assertRecentStepUp(actor);
  assertMayAssignRole(actor, input.role);
  checkRoleAccount(input.role, input.accountId);
  const db = await getDb();

  let created: UserRow;
  try {
    created = await db.transaction((tx) => insertInvitedUser(tx, actor, input));
  } catch (error) {
    if (isUniqueViolation(error)) throw emailTaken();
    throw error;
  }

  return requireUser(db, actor, created.id);
}

/**
 * The invitation in `tx` (the form's and the import's, issue 49): the account's reach, the free
 * address, the user row and its history entry, then the activation mail or, for a staff role, the
 * role_grant approval. The role and account rules (`assertMayAssignRole`, `checkRoleAccount`, the
 * step-up) are the caller's, checked before.
 */
export async function insertInvitedUser(tx: Tx, actor: Actor, input: UserInvite): Promise<UserRow> {
  if (input.accountId) await assertAssignableAccount(tx, actor, input.accountId);
  await assertEmailFree(tx, input.email);
  const values = {
    email: input.email,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: input.phone,
    role: input.role,
    accountId: input.accountId,
    locale: input.locale,
    status: 'invited' as const,
  };
  const [row] = await tx.insert(users).values(values).returning();
  if (!row) throw new Error('inviteUser: insert returned no row');
  await recordChange(tx, {
    actor,
    entityType: 'user',
    entityId: row.id,
    entityLabel: userLabel(row),
    accountId: row.accountId,
    action: 'create',
    fields: createdFields(values),
  });

  if (!needsRoleGrant(null, row.role)) {
    await queueActivationMail(tx, row);
    return row;
  }
  await requestApproval(tx, actor, {
    kind: 'role_grant',
    entityType: 'user',
    entityId: row.id,
    entityLabel: userLabel(row),
    accountId: row.accountId,
    payload: { role: row.role },
    baseVersion: row.version,
    reason: '',
    current: { role: null },
  });
  return row;
}
