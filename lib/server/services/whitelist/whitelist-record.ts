import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { WhitelistEntry } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx, Tx } from '@/lib/server/db/types';
import { accounts, whitelistEntries } from '@/lib/server/db/schema';
import { ApiError, notFound } from '@/lib/server/http/api-error';
import { conflict } from '@/lib/server/http/etag';
import { assertNotArchived, requireAccountRow } from '@/lib/server/services/accounts/account-record';
import { accountReach } from '@/lib/server/services/accounts/reach';
import { loadWhitelistEntry } from './whitelist-query';

type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;
export type WhitelistRow = typeof whitelistEntries.$inferSelect;

export const whitelistEntryNotFound = () => notFound('Whitelist-Eintrag');

export async function requireWhitelistEntry(db: DbOrTx, actor: ActorReach, id: string): Promise<WhitelistEntry> {
  const entry = await loadWhitelistEntry(db, actor, id);
  if (!entry) throw whitelistEntryNotFound();
  return entry;
}

/** The entry row in reach, locked for the rest of the transaction (404 otherwise). */
export async function lockWhitelistRow(tx: Tx, actor: ActorReach, id: string): Promise<WhitelistRow> {
  const reach = accountReach(actor);
  const [row] = await tx
    .select()
    .from(whitelistEntries)
    .where(
      and(
        eq(whitelistEntries.id, id),
        reach
          ? sql`${whitelistEntries.accountId} in (select ${accounts.id} from ${accounts} where ${reach})`
          : undefined,
      ),
    )
    .limit(1)
    .for('update');
  if (!row) throw whitelistEntryNotFound();
  return row;
}

/**
 * The account an entry is written for: in reach (404 otherwise) and not archived (archived
 * accounts are read-only), share-locked until commit so it cannot be archived meanwhile.
 */
export async function requireWritableAccount(tx: Tx, actor: ActorReach, accountId: string) {
  const account = await requireAccountRow(tx, actor, accountId, { lock: 'share' });
  assertNotArchived(account);
  return account;
}

export async function whitelistVersionConflict(tx: Tx, actor: ActorReach, id: string) {
  return conflict(await requireWhitelistEntry(tx, actor, id));
}

export const duplicateValue = () =>
  new ApiError('conflict', 'Dieser Eintrag steht für das Konto schon auf der Whitelist.', {
    details: [{ path: 'value', message: 'Dieser Eintrag steht für das Konto schon auf der Whitelist.' }],
  });

/** The kind follows from the stored value (SPEC §4). */
export const kindOf = (value: string): WhitelistRow['kind'] => (value.includes('@') ? 'email' : 'domain');
