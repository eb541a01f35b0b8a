import 'server-only';
import type { z } from 'zod';
import type { WhitelistEntry, whitelistUpdateSchema } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/types';
import { isUniqueViolation } from '@/lib/server/db/database-errors';
import { whitelistEntries } from '@/lib/server/db/schema';
import { updateVersioned, type ExpectedVersion } from '@/lib/server/db/versioned-update';
import {
  duplicateValue,
  kindOf,
  lockWhitelistRow,
  requireWhitelistEntry,
  requireWritableAccount,
  whitelistVersionConflict,
} from './whitelist-record';

export type WhitelistUpdate = z.output<typeof whitelistUpdateSchema>;

/**
 * `PATCH /whitelist/{id}` with optimistic locking (SPEC §5). A new value brings its kind along;
 * one the account has already → 409 about `value`.
 */
export async function updateWhitelistEntry(
  actor: Actor,
  id: string,
  input: WhitelistUpdate,
  expectedVersion: ExpectedVersion,
): Promise<WhitelistEntry> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    await changeWhitelistEntry(tx, actor, id, input, expectedVersion);
    return requireWhitelistEntry(tx, actor, id);
  });
}

/**
 * The same change for a bulk action (`POST /whitelist/bulk`), in a transaction of its own per entry,
 * without reading the entry back for an answer that only says `ok`.
 */
export async function updateWhitelistEntryInBulk(
  actor: Actor,
  id: string,
  input: WhitelistUpdate,
  expectedVersion: ExpectedVersion,
): Promise<void> {
  const db = await getDb();
  await db.transaction((tx) => changeWhitelistEntry(tx, actor, id, input, expectedVersion));
}

async function changeWhitelistEntry(
  tx: Tx,
  actor: Actor,
  id: string,
  input: WhitelistUpdate,
  expectedVersion: ExpectedVersion,
): Promise<void> {
  const { version: _version, ...requested } = input;
  try {
    const current = await lockWhitelistRow(tx, actor, id);
    await requireWritableAccount(tx, actor, current.accountId);
    const changes = {
      ...requested,
      ...(requested.value !== undefined ? { kind: kindOf(requested.value) } : {}),
    };
    await updateVersioned(tx, {
      table: whitelistEntries,
      current,
      expectedVersion,
      changes,
      conflict: () => whitelistVersionConflict(tx, actor, id),
      history: (row) => ({
        actor,
        entityType: 'whitelist_entry',
        entityId: id,
        entityLabel: row.value,
        accountId: row.accountId,
      }),
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateValue();
    throw error;
  }
}
