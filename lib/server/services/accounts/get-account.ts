import 'server-only';
import type { Account } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireAccount } from './account-record';

/** `GET /accounts/{id}`: one account in the actor's reach (404 otherwise). */
export async function getAccount(actor: Actor, id: string): Promise<Account> {
  return requireAccount(await getDb(), actor, id);
}
