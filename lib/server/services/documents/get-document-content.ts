import 'server-only';
import { and, eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { documents, documentVersions } from '@/lib/server/db/schema';
import { notFound } from '@/lib/server/http/api-error';
import { documentReach } from './document-reach';
import { readVersionContent } from './version-content';

export interface DocumentContent {
  fileName: string;
  mimeType: string;
  sha256: string;
  sizeBytes: number;
  /** The bytes, read from the database a chunk at a time as the client takes them. */
  content: ReadableStream<Uint8Array>;
}

/**
 * The bytes of one version of a document in reach (`GET /documents/{id}/versions/{n}/content`):
 * the same reach as the document itself, so a version of a document out of reach or deleted is a
 * 404 like an unknown one.
 */
export async function getDocumentContent(actor: Actor, id: string, number: number): Promise<DocumentContent> {
  const db = await getDb();
  const [row] = await db
    .select({
      id: documentVersions.id,
      fileName: documentVersions.fileName,
      mimeType: documentVersions.mimeType,
      sha256: documentVersions.sha256,
      sizeBytes: documentVersions.sizeBytes,
    })
    .from(documentVersions)
    .innerJoin(documents, eq(documents.id, documentVersions.documentId))
    .where(and(eq(documentVersions.documentId, id), eq(documentVersions.number, number), documentReach(actor)))
    .limit(1);
  if (!row) throw notFound('Version');
  const { id: versionId, ...file } = row;
  return { ...file, content: readVersionContent(versionId, file.sizeBytes) };
}
