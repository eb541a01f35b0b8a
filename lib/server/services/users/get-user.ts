import 'server-only';
import type { User } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireUser } from './user-record';

/** `GET /users/{id}`: one user in the actor's reach (404 otherwise), with pending role grants. */
export async function getUser(actor: Actor, id: string): Promise<User> {
  return requireUser(await getDb(), actor, id);
}
