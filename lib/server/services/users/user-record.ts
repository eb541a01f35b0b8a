import 'server-only';
import { type SQL, and, eq, sql } from 'drizzle-orm';
import type { User } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { accounts, approvals, users } from '@/lib/server/db/schema';
import { conflict } from '@/lib/server/http/etag';
import { notFound } from '@/lib/server/http/api-error';
import { userReach } from './user-reach';
import type { UserRow } from './user-rules';
import { parseJson } from '@/lib/server/db/parse-json';

type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

export const userNotFound = () => notFound('Benutzer');

/**
 * The user row itself, if it is in the actor's reach. `lock: 'update'` holds it for the rest of
 * the transaction, so two writers of one user queue instead of deciding on a stale state.
 */
export async function findUserRow(
  db: DbOrTx,
  actor: ActorReach,
  id: string,
  options: { lock?: 'update' } = {},
): Promise<UserRow | null> {
  const query = db
    .select()
    .from(users)
    .where(and(eq(users.id, id), userReach(actor)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock) : await query;
  return row ?? null;
}

/** Like `findUserRow`, but a missing or unreachable user is a 404. */
export async function requireUserRow(
  db: DbOrTx,
  actor: ActorReach,
  id: string,
  options: { lock?: 'update' } = {},
): Promise<UserRow> {
  const row = await findUserRow(db, actor, id, options);
  if (!row) throw userNotFound();
  return row;
}

type PendingApproval = User['pendingApprovals'][number];

/**
 * The full record the API answers for one user (`userSchema`): with the account's name and the
 * pending role_grant approvals and what they propose. Never the password hash. Null outside the
 * actor's reach.
 */
export async function loadUser(db: DbOrTx, actor: ActorReach, id: string): Promise<User | null> {
  return loadUserWhere(db, and(eq(users.id, id), userReach(actor)));
}

/** The API record of the first user matching `where` (the caller decides about reach). */
export async function loadUserWhere(db: DbOrTx, where: SQL | undefined): Promise<User | null> {
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
        erasedAt: users.erasedAt,
        version: users.version,
        createdAt: users.createdAt,
        updatedAt: users.updatedAt,
      },
      accountName: accounts.name,
      pendingApprovals: sql<unknown>`(
        select coalesce(json_agg(json_build_object('id', pending.id, 'kind', pending.kind, 'payload', pending.payload) order by pending.requested_at), '[]'::json)
        from ${approvals} pending
        where pending.entity_type = 'user' and pending.entity_id = ${users.id} and pending.status = 'pending' and pending.kind in ('role_grant', 'user_erasure')
      )`,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(where)
    .limit(1);
  if (!row) return null;
  const { user } = row;
  return {
    ...user,
    accountName: row.accountName,
    lastLoginAt: user.lastLoginAt?.toISOString() ?? null,
    erasedAt: user.erasedAt?.toISOString() ?? null,
    pendingApprovals: parseJson<PendingApproval[]>(row.pendingApprovals, []),
    createdAt: user.createdAt.toISOString(),
    updatedAt: user.updatedAt.toISOString(),
  };
}

/** `loadUser`, but a missing or unreachable user is a 404. */
export async function requireUser(db: DbOrTx, actor: ActorReach, id: string): Promise<User> {
  const user = await loadUser(db, actor, id);
  if (!user) throw userNotFound();
  return user;
}

/** 409 with the user as they are now, so the client can show what changed. */
export async function userVersionConflict(db: DbOrTx, actor: ActorReach, id: string) {
  return conflict(await requireUser(db, actor, id));
}

/**
 * Whether a role_grant for the user waits for its decision. An invited user with one gets no
 * invitation or activation link until it is approved, or they could sign in with a role nobody approved.
 */
export async function hasPendingRoleGrant(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: approvals.id })
    .from(approvals)
    .where(
      and(
        eq(approvals.entityType, 'user'),
        eq(approvals.entityId, userId),
        eq(approvals.kind, 'role_grant'),
        eq(approvals.status, 'pending'),
      ),
    )
    .limit(1);
  return Boolean(row);
}
