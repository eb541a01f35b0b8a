import 'server-only';
import type { Profile } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireProfile } from './profile-record';

/** `GET /profile`: the caller's own record. */
export async function getProfile(actor: Actor): Promise<Profile> {
  return requireProfile(await getDb(), actor.id);
}
