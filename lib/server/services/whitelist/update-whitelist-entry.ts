import 'server-only';
import type { z } from 'zod';
import type { WhitelistEntry, whitelistUpdateSchema } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/database-errors';
import { whitelistEntries } from '@/lib/server/db/schema';
import { updateVersioned } from '@/lib/server/db/versioned-update';
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
  expectedVersion: number,
): Promise<WhitelistEntry> {
  const { version: _version, ...requested } = input;
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
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
      return requireWhitelistEntry(tx, actor, id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateValue();
    throw error;
  }
}
