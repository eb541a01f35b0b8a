import 'server-only';
import type { z } from 'zod';
import type { Document, documentUpdateSchema } from '@/lib/schemas/document';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { documents } from '@/lib/server/db/schema';
import { updateVersioned, type ExpectedVersion } from '@/lib/server/db/versioned-update';
import {
  assertMayWriteDocument,
  documentVersionConflict,
  requireDocument,
  requireDocumentRow,
} from './document-record';

export type DocumentUpdate = z.output<typeof documentUpdateSchema>;

/** `PATCH /documents/{id}`: title, category and description, against the version the client read (SPEC §5). */
export async function updateDocument(
  actor: Actor,
  id: string,
  input: DocumentUpdate,
  expectedVersion: ExpectedVersion,
): Promise<Document> {
  const { version: _version, ...changes } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await requireDocumentRow(tx, actor, id, { lock: 'update' });
    assertMayWriteDocument(actor, current);
    await updateVersioned(tx, {
      table: documents,
      current,
      expectedVersion,
      changes,
      conflict: () => documentVersionConflict(tx, actor, id),
      history: (row) => ({
        actor,
        entityType: 'document',
        entityId: id,
        entityLabel: row.title,
        accountId: row.accountId,
      }),
    });
    return requireDocument(tx, actor, id);
  });
}
