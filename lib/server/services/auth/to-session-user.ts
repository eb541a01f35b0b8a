import 'server-only';
import type { SessionUser } from '@/lib/schemas/auth';
import { scopesOf } from '@/lib/server/auth/permissions';
import type { users } from '@/lib/server/db/schema';

export function toSessionUser(user: typeof users.$inferSelect): SessionUser {
  return {
    id: user.id,
    email: user.email,
    firstName: user.firstName,
    lastName: user.lastName,
    role: user.role,
    accountId: user.accountId,
    locale: user.locale,
    status: user.status,
    scope: [...scopesOf(user.role)],
  };
}
