import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import type { Tx } from '@/lib/server/db/types';
import { ApiError } from '@/lib/server/http/api-error';
import { assertNotArchived, findAccountRow } from '@/lib/server/services/accounts/account-record';

/**
 * The account a manager is invited to or moved to: in the actor's account reach (a distributor:
 * their own trees; otherwise 404, as for any record out of reach) and not archived (archived
 * accounts are read-only, 403 as in the accounts API). Held with a share lock until commit, so it
 * cannot be archived between this check and the write.
 */
export async function assertAssignableAccount(tx: Tx, actor: Actor, accountId: string): Promise<void> {
  const account = await findAccountRow(tx, actor, accountId, { lock: 'share' });
  if (!account) throw new ApiError('not_found', 'Konto nicht gefunden.');
  assertNotArchived(account);
}
