import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { documents } from '@/lib/server/db/schema';
import { isStale, nextVersion, type ExpectedVersion } from '@/lib/server/db/versioned-update';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';
import { assertMayWriteDocument, documentVersionConflict, requireDocumentRow } from './document-record';

/**
 * `DELETE /documents/{id}`: a soft delete by admin or back office (SPEC §2 Document; no approval,
 * §4 does not list it). The document and its versions stay in the database for the history, but
 * no list, read or download finds them any more.
 */
export async function deleteDocument(actor: Actor, id: string, expectedVersion: ExpectedVersion): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await requireDocumentRow(tx, actor, id, { lock: 'update' });
    if (!isStaff(actor.role)) {
      throw new ApiError('forbidden', 'Dokumente löschen nur Administration und Innendienst.');
    }
    assertMayWriteDocument(actor, current);
    if (isStale(current.version, expectedVersion)) throw await documentVersionConflict(tx, actor, id);
    const [row] = await tx
      .update(documents)
      .set({ deletedAt: sql`now()`, ...nextVersion(documents) })
      .where(and(eq(documents.id, id), eq(documents.version, current.version)))
      .returning({ deletedAt: documents.deletedAt });
    if (!row) throw await documentVersionConflict(tx, actor, id);
    await recordChange(tx, {
      actor,
      entityType: 'document',
      entityId: id,
      entityLabel: current.title,
      accountId: current.accountId,
      action: 'delete',
      fields: [{ field: 'deletedAt', before: null, after: row.deletedAt?.toISOString() ?? null }],
    });
  });
}
