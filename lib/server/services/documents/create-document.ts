import { notifyJob } from '@/lib/server/services/notifications/fan-out';
import 'server-only';
import type { z } from 'zod';
import type { Document, documentCreateFieldsSchema } from '@/lib/schemas/document';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { documents, documentVersions } from '@/lib/server/db/schema';
import { createdFields } from '@/lib/server/history/change-fields';
import { recordChange } from '@/lib/server/history/record-change';
import { invalidField } from '@/lib/server/http/api-error';
import type { StagedFile } from '@/lib/server/http/multipart';
import { assertAssignableAccount } from '@/lib/server/services/users/assignable-account';
import { checkDocumentFile } from './check-document-file';
import { writeVersionContent } from './version-content';
import { requireDocument } from './document-record';

export type DocumentCreate = z.output<typeof documentCreateFieldsSchema>;

/**
 * `POST /documents` (multipart): checks the file (type, content), then in one transaction checks
 * the account (in reach, not archived; general documents only for admin and back office), stores
 * the document with its first version and the bytes, and writes the history. A refusal at any
 * step stores nothing.
 */
export async function createDocument(actor: Actor, input: DocumentCreate, file: StagedFile | null): Promise<Document> {
  if (input.accountId === null && !isStaff(actor.role)) {
    throw invalidField('accountId', 'generalDocumentsStaffOnly');
  }
  const { staged, ...checked } = await checkDocumentFile(file);
  const db = await getDb();
  return db.transaction(async (tx) => {
    if (input.accountId) await assertAssignableAccount(tx, actor, input.accountId);
    const [document] = await tx
      .insert(documents)
      .values({
        title: input.title,
        category: input.category,
        accountId: input.accountId,
        description: input.description,
        currentVersion: 1,
        createdById: actor.id,
      })
      .returning();
    if (!document) throw new Error('createDocument: insert returned no row');
    const [stored] = await tx
      .insert(documentVersions)
      .values({
        documentId: document.id,
        number: 1,
        fileName: checked.fileName,
        mimeType: checked.mimeType,
        sizeBytes: staged.sizeBytes,
        sha256: staged.sha256,
        uploadedById: actor.id,
      })
      .returning({ id: documentVersions.id });
    if (!stored) throw new Error('document version: insert returned no row');
    await writeVersionContent(tx, stored.id, staged.path, staged.sizeBytes);
    await recordChange(tx, {
      actor,
      entityType: 'document',
      entityId: document.id,
      entityLabel: document.title,
      accountId: document.accountId,
      action: 'create',
      fields: createdFields({
        title: document.title,
        category: document.category,
        accountId: document.accountId,
        description: document.description,
        fileName: checked.fileName,
      }),
      // Documents without an account concern nobody in particular.
      job: document.accountId
        ? notifyJob({ kind: 'documentAdded', documentId: document.id, actorId: actor.id })
        : undefined,
    });
    return requireDocument(tx, actor, document.id);
  });
}
