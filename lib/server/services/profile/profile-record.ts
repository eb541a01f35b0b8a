import 'server-only';
import { eq } from 'drizzle-orm';
import type { User } from '@/lib/schemas/user';
import { unauthorized } from '@/lib/server/auth/authenticate';
import type { DbOrTx } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { loadUserWhere } from '@/lib/server/services/users/user-record';

export type UserRow = typeof users.$inferSelect;

/**
 * The signed-in user's own record as the API answers it (`profileSchema`, the same shape as a
 * user): with the account's name and pending role grants, never the password hash. A user that
 * no longer exists cannot have a session: 401.
 */
export async function requireProfile(db: DbOrTx, userId: string): Promise<User> {
  const profile = await loadUserWhere(db, eq(users.id, userId));
  if (!profile) throw unauthorized();
  return profile;
}

/** The user's row, locked for the rest of the transaction so concurrent changes queue. */
export async function lockOwnRow(db: DbOrTx, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  if (!row) throw unauthorized();
  return row;
}

/** 422 on one field of the profile forms. */
export function fieldProblem(path: string, message: string): ApiError {
  return new ApiError('validation_failed', message, { details: [{ path, message }] });
}

export const wrongCurrentPassword = () => fieldProblem('currentPassword', 'Das aktuelle Passwort ist nicht korrekt.');
