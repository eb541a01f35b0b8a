import 'server-only';
import { type SQL, and, isNull, or } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { documents } from '@/lib/server/db/schema';
import { accountIdInReach } from '@/lib/server/services/accounts/reach';

type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

/**
 * Documents in reach (SPEC §1, §2 Document): not deleted, and either general (no account: everyone
 * with documents.read sees those) or of an account in the actor's account reach.
 */
export function documentReach(actor: ActorReach): SQL | undefined {
  const accountReach = accountIdInReach(actor, documents.accountId);
  return and(isNull(documents.deletedAt), accountReach ? or(isNull(documents.accountId), accountReach) : undefined);
}
