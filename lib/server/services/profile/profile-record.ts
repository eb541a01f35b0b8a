import 'server-only';
import { eq } from 'drizzle-orm';
import type { Profile } from '@/lib/schemas/user';
import { unauthorized } from '@/lib/server/auth/authenticate';
import type { DbOrTx } from '@/lib/server/db/types';
import { users } from '@/lib/server/db/schema';
import type { Actor } from '@/lib/server/auth/actor';
import { verifyPassword } from '@/lib/server/auth/passwords';
import { invalidField } from '@/lib/server/http/api-error';
import {
  activeLockout,
  clearWrongPasswords,
  lockedError,
  recordWrongPassword,
} from '@/lib/server/services/auth/password-failures';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { loadUserWhere } from '@/lib/server/services/users/user-record';

export type UserRow = typeof users.$inferSelect;

/**
 * The signed-in user's own record as the API answers it (`profileSchema`, a user's shape plus the
 * owner's own preferences): with the account's name and pending role grants, never the password
 * hash. A user that no longer exists cannot have a session: 401.
 */
export async function requireProfile(db: DbOrTx, userId: string): Promise<Profile> {
  const profile = await loadUserWhere(db, eq(users.id, userId));
  if (!profile) throw unauthorized();
  // Only the owner sees the theme, so the user record others read (loadUserWhere) leaves it out.
  const [preferences] = await db.select({ theme: users.theme }).from(users).where(eq(users.id, userId)).limit(1);
  if (!preferences) throw unauthorized();
  return { ...profile, theme: preferences.theme };
}

/** The user's row, locked for the rest of the transaction so concurrent changes queue. */
export async function lockOwnRow(db: DbOrTx, userId: string): Promise<UserRow> {
  const [row] = await db.select().from(users).where(eq(users.id, userId)).limit(1).for('update');
  if (!row) throw unauthorized();
  return row;
}

export const wrongCurrentPassword = () => invalidField('currentPassword', 'wrongCurrentPassword');

/**
 * The current password that confirms a password or e-mail change. Wrong ones count toward the
 * same lockout as sign-ins: the fifth in a row locks the address, ends every session of the user
 * (this one too) and answers 423, so an open session cannot be used to guess the password.
 */
export async function confirmCurrentPassword(db: DbOrTx, actor: Actor, password: string): Promise<void> {
  const email = actor.email.toLowerCase();
  const lockedUntil = await activeLockout(db, email);
  if (lockedUntil) throw lockedError(lockedUntil);
  const [row] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!row) throw unauthorized();
  if (await verifyPassword(row.passwordHash, password)) {
    await clearWrongPasswords(db, email);
    return;
  }
  const lockoutStarted = await recordWrongPassword(email, row);
  if (lockoutStarted) {
    await revokeUserSessions(actor.id, 'locked_out');
    throw lockedError(lockoutStarted);
  }
  throw wrongCurrentPassword();
}
