import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Document } from '@/lib/schemas/document';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { documents, documentVersions } from '@/lib/server/db/schema';
import { nextVersion } from '@/lib/server/db/versioned-update';
import { recordChange } from '@/lib/server/history/record-change';
import type { StagedFile } from '@/lib/server/http/multipart';
import { checkDocumentFile } from './check-document-file';
import { writeVersionContent } from './version-content';
import {
  assertMayWriteDocument,
  documentVersionConflict,
  requireDocument,
  requireDocumentRow,
} from './document-record';

/**
 * `POST /documents/{id}/versions` (multipart): a new file becomes the next version; the older ones
 * stay downloadable. With If-Match the upload applies only to that version of the record (409
 * otherwise). The document row is locked, so two uploads at once get consecutive numbers.
 */
export async function addDocumentVersion(
  actor: Actor,
  id: string,
  file: StagedFile | null,
  expectedVersion: number | null,
): Promise<Document> {
  const { staged, ...checked } = await checkDocumentFile(file);
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await requireDocumentRow(tx, actor, id, { lock: 'update' });
    assertMayWriteDocument(actor, current);
    if (expectedVersion !== null && current.version !== expectedVersion) {
      throw await documentVersionConflict(tx, actor, id);
    }
    const [previous] = await tx
      .select({ fileName: documentVersions.fileName })
      .from(documentVersions)
      .where(and(eq(documentVersions.documentId, id), eq(documentVersions.number, current.currentVersion)));
    const number = current.currentVersion + 1;
    const [stored] = await tx
      .insert(documentVersions)
      .values({
        documentId: id,
        number,
        fileName: checked.fileName,
        mimeType: checked.mimeType,
        sizeBytes: staged.sizeBytes,
        sha256: staged.sha256,
        uploadedById: actor.id,
      })
      .returning({ id: documentVersions.id });
    if (!stored) throw new Error('document version: insert returned no row');
    await writeVersionContent(tx, stored.id, staged.path, staged.sizeBytes);
    await tx
      .update(documents)
      .set({ currentVersion: number, ...nextVersion(documents) })
      .where(eq(documents.id, id));
    await recordChange(tx, {
      actor,
      entityType: 'document',
      entityId: id,
      entityLabel: current.title,
      accountId: current.accountId,
      action: 'upload',
      fields: [
        { field: 'currentVersion', before: current.currentVersion, after: number },
        { field: 'fileName', before: previous?.fileName ?? null, after: checked.fileName },
      ],
    });
    return requireDocument(tx, actor, id);
  });
}
