import 'server-only';
import { and, eq, isNotNull } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts, documents } from '@/lib/server/db/schema';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { recordChange } from '@/lib/server/history/record-change';
import { invalidField } from '@/lib/server/http/api-error';
import { accountIdInReach } from '@/lib/server/services/accounts/reach';
import { assertMayRestore, assertNotPurged } from '@/lib/server/services/trash/deleted-records';
import { documentNotFound } from './document-record';

/**
 * `POST /documents/{id}/restore/` (issue 51): a soft-deleted document back in lists and reads, within
 * RESTORE_WINDOW_DAYS (administrators and back office, the only ones who delete documents), unless
 * its account was archived since; its version one higher, a `restore` entry in the history.
 */
export async function restoreDocument(actor: Actor, id: string): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const [row] = await tx
      .select({ document: documents, accountStatus: accounts.status })
      .from(documents)
      .leftJoin(accounts, eq(accounts.id, documents.accountId))
      .where(and(eq(documents.id, id), accountIdInReach(actor, documents.accountId)))
      .for('update', { of: documents })
      .limit(1);
    if (!row) {
      await assertNotPurged(tx, actor, 'document', id);
      throw documentNotFound();
    }
    const { document } = row;
    if (!document.deletedAt) throw invalidField('id', 'restoreNotDeleted');
    assertMayRestore(actor, { deletedAt: document.deletedAt, deletedById: null });
    if (row.accountStatus === 'archived') throw invalidField('accountId', 'restoreAccountArchived');
    const [restored] = await tx
      .update(documents)
      .set({ deletedAt: null, ...nextVersion(documents) })
      .where(and(eq(documents.id, id), isNotNull(documents.deletedAt)))
      .returning({ id: documents.id });
    if (!restored) throw documentNotFound();
    await recordChange(tx, {
      actor,
      entityType: 'document',
      entityId: id,
      entityLabel: document.title,
      accountId: document.accountId,
      action: 'restore',
      fields: [{ field: 'deletedAt', before: document.deletedAt.toISOString(), after: null }],
    });
  });
}
