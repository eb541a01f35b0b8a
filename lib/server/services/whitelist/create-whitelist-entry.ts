import 'server-only';
import type { z } from 'zod';
import type { WhitelistEntry, whitelistCreateSchema } from '@/lib/schemas/whitelist';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/database-errors';
import { whitelistEntries } from '@/lib/server/db/schema';
import { createdFields } from '@/lib/server/history/change-fields';
import { recordChange } from '@/lib/server/history/record-change';
import { duplicateValue, kindOf, requireWhitelistEntry, requireWritableAccount } from './whitelist-record';

export type WhitelistCreate = z.output<typeof whitelistCreateSchema>;

/**
 * `POST /whitelist`: one entry for an account in reach that is not archived; the value comes
 * normalised from the schema. A value the account has already → 409. History in the same transaction.
 */
export async function createWhitelistEntry(actor: Actor, input: WhitelistCreate): Promise<WhitelistEntry> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await requireWritableAccount(tx, actor, input.accountId);
      const values = { kind: kindOf(input.value), value: input.value, note: input.note, validUntil: input.validUntil };
      const [row] = await tx
        .insert(whitelistEntries)
        .values({ ...values, accountId: input.accountId, createdById: actor.id })
        .returning({ id: whitelistEntries.id });
      await recordChange(tx, {
        actor,
        entityType: 'whitelist_entry',
        entityId: row!.id,
        entityLabel: values.value,
        accountId: input.accountId,
        action: 'create',
        fields: createdFields(values),
      });
      return requireWhitelistEntry(tx, actor, row!.id);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw duplicateValue();
    throw error;
  }
}
