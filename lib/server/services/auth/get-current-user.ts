import 'server-only';
import { eq } from 'drizzle-orm';
import type { SessionUser } from '@/lib/schemas/auth';
import type { Actor } from '@/lib/server/auth/actor';
import { unauthorized } from '@/lib/server/auth/authenticate';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { toSessionUser } from './to-session-user';

export async function getCurrentUser(actor: Actor): Promise<SessionUser> {
  const db = await getDb();
  const [user] = await db.select().from(users).where(eq(users.id, actor.id)).limit(1);
  if (!user) throw unauthorized();
  return toSessionUser(user);
}
