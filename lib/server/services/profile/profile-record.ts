import 'server-only';
import { eq, sql } from 'drizzle-orm';
import type { User } from '@/lib/schemas/user';
import { unauthorized } from '@/lib/server/auth/authenticate';
import type { DbOrTx } from '@/lib/server/db/client';
import { accounts, approvals, users } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

export type UserRow = typeof users.$inferSelect;

/** JSON from a subquery: the drivers hand it over parsed (postgres-js, PGlite) or as text. */
function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}

/**
 * The signed-in user's own record as the API answers it (`profileSchema`, the same shape as a
 * user): with the account's name and pending role grants, never the password hash. A user that
 * no longer exists cannot have a session: 401.
 */
export async function requireProfile(db: DbOrTx, userId: string): Promise<User> {
  const [row] = await db
    .select({
      user: {
        id: users.id,
        email: users.email,
        firstName: users.firstName,
        lastName: users.lastName,
        phone: users.phone,
        role: users.role,
        accountId: users.accountId,
        status: users.status,
        locale: users.locale,
        lastLoginAt: users.lastLoginAt,
        version: users.version,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      },
      accountName: accounts.name,
      pendingApprovals: sql<unknown>`(
        select coalesce(json_agg(json_build_object('id', pending.id, 'kind', pending.kind, 'payload', pending.payload) order by pending.requested_at), '[]'::json)
        from ${approvals} pending
        where pending.entity_type = 'user' and pending.entity_id = ${users.id} and pending.status = 'pending'
      )`,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId))
    .limit(1);
  if (!row) throw unauthorized();
  const { user } = row;
  return {
    ...user,
    accountName: row.accountName,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    pendingApprovals: parseJson<User['pendingApprovals']>(row.pendingApprovals, []),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
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
