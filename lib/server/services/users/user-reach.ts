import 'server-only';
import { type SQL, and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { users } from '@/lib/server/db/schema';
import { accountIdInReach } from '@/lib/server/services/accounts/reach';
import { isStaff } from '@/lib/schemas/roles';

/**
 * Row-level reach over users (SPEC §1 users.read): admin and back office see every user; a
 * distributor the managers of the accounts in their reach, a manager the managers of their own
 * account tree (themselves included). `undefined` means no restriction. Outside reach a user
 * answers 404, so their existence does not leak.
 */
export function userReach(actor: Pick<Actor, 'id' | 'role' | 'accountId'>): SQL | undefined {
  if (isStaff(actor.role)) return undefined;
  return and(eq(users.role, 'manager'), accountIdInReach(actor, users.accountId));
}
