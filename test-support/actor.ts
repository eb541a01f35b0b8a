import { SCOPES, type Role } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';

/** A signed-in user for service tests: the role and account decide reach; every scope is granted. */
export function testActor(
  role: Role,
  accountId: string | null = null,
  id = '00000000-0000-4000-8000-000000000001',
): Actor {
  return {
    id,
    email: 'x@example.com',
    firstName: 'X',
    lastName: 'Y',
    role,
    accountId,
    locale: 'de',
    theme: 'system',
    sessionId: 's',
    mfaEnrolled: false,
    mfaVerifiedAt: null,
    mfaEnrolmentRequired: false,
    scopes: new Set(SCOPES),
  };
}
