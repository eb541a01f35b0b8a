import 'server-only';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { whitelistEntries } from '@/lib/server/db/schema';
import { isStale, type ExpectedVersion } from '@/lib/server/db/versioned-update';
import { recordChange } from '@/lib/server/history/record-change';
import { keepDeleted } from '@/lib/server/services/trash/deleted-records';
import { lockWhitelistRow, requireWritableAccount, whitelistVersionConflict } from './whitelist-record';

/** `DELETE /whitelist/{id}` against the version the client read; the history keeps the entry. */
export async function deleteWhitelistEntry(actor: Actor, id: string, expectedVersion: ExpectedVersion): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await lockWhitelistRow(tx, actor, id);
    await requireWritableAccount(tx, actor, current.accountId);
    if (isStale(current.version, expectedVersion)) throw await whitelistVersionConflict(tx, actor, id);
    // Kept for the restore window (issue 51): `POST /whitelist/{id}/restore/`, the toast's "Rückgängig".
    await keepDeleted(tx, actor, {
      id,
      entityType: 'whitelist_entry',
      accountId: current.accountId,
      label: current.value,
      row: current,
    });
    await tx.delete(whitelistEntries).where(eq(whitelistEntries.id, id));
    await recordChange(tx, {
      actor,
      entityType: 'whitelist_entry',
      entityId: id,
      entityLabel: current.value,
      accountId: current.accountId,
      action: 'delete',
      fields: [
        { field: 'kind', before: current.kind, after: null },
        { field: 'value', before: current.value, after: null },
        ...(current.note ? [{ field: 'note', before: current.note, after: null }] : []),
        ...(current.validUntil ? [{ field: 'validUntil', before: current.validUntil, after: null }] : []),
      ],
    });
  });
}
