import 'server-only';
import { and, desc, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Document } from '@/lib/schemas/document';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { accounts, documents, documentVersions, users } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { ApiError, notFound } from '@/lib/server/http/api-error';
import { conflict } from '@/lib/server/http/etag';
import { documentReach } from './document-reach';

type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;
export type DocumentRow = typeof documents.$inferSelect;

export const documentNotFound = () => notFound('Dokument');

/**
 * The document row in the actor's reach, with its account's status. `lock: 'update'` holds the
 * row for the rest of the transaction, so two writers of one document queue.
 */
export async function requireDocumentRow(
  db: DbOrTx,
  actor: ActorReach,
  id: string,
  options: { lock?: 'update' } = {},
): Promise<DocumentRow & { accountStatus: string | null }> {
  const query = db
    .select({ document: documents, accountStatus: accounts.status })
    .from(documents)
    .leftJoin(accounts, eq(accounts.id, documents.accountId))
    .where(and(eq(documents.id, id), documentReach(actor)))
    .limit(1);
  const [row] = options.lock ? await query.for(options.lock, { of: documents }) : await query;
  if (!row) throw documentNotFound();
  return { ...row.document, accountStatus: row.accountStatus };
}

/**
 * Who may change a document in reach: general documents only admin and back office (they alone
 * create them); archived accounts' documents nobody (read-only, 403 as in the accounts API).
 */
export function assertMayWriteDocument(
  actor: Pick<Actor, 'role'>,
  row: { accountId: string | null; accountStatus: string | null },
): void {
  if (row.accountId === null && !isStaff(actor.role)) {
    throw new ApiError('forbidden', 'Allgemeine Dokumente ändern nur Administration und Innendienst.');
  }
  if (row.accountStatus === 'archived') {
    throw new ApiError('forbidden', 'Dokumente archivierter Konten sind schreibgeschützt.');
  }
}

const uploader = alias(users, 'uploader');
const creator = alias(users, 'creator');

/** The API record of one document in reach (`documentSchema`), its versions newest first; null outside reach. */
export async function loadDocument(db: DbOrTx, actor: ActorReach, id: string): Promise<Document | null> {
  const [row] = await db
    .select({
      document: documents,
      accountName: accounts.name,
      accountStatus: accounts.status,
      creator: { firstName: creator.firstName, lastName: creator.lastName, email: creator.email },
    })
    .from(documents)
    .leftJoin(accounts, eq(accounts.id, documents.accountId))
    .leftJoin(creator, eq(creator.id, documents.createdById))
    .where(and(eq(documents.id, id), documentReach(actor)))
    .limit(1);
  if (!row) return null;
  const versions = await db
    .select({
      number: documentVersions.number,
      fileName: documentVersions.fileName,
      mimeType: documentVersions.mimeType,
      sizeBytes: documentVersions.sizeBytes,
      sha256: documentVersions.sha256,
      uploadedById: documentVersions.uploadedById,
      uploadedAt: documentVersions.uploadedAt,
      uploader: { firstName: uploader.firstName, lastName: uploader.lastName, email: uploader.email },
    })
    .from(documentVersions)
    .leftJoin(uploader, eq(uploader.id, documentVersions.uploadedById))
    .where(eq(documentVersions.documentId, id))
    .orderBy(desc(documentVersions.number));
  const { document } = row;
  return {
    id: document.id,
    title: document.title,
    category: document.category,
    accountId: document.accountId,
    accountName: row.accountName,
    isReadOnly: row.accountStatus === 'archived',
    description: document.description,
    currentVersion: document.currentVersion,
    versions: versions.map(({ uploader: person, ...version }) => ({
      ...version,
      uploadedByName: person?.email ? userLabel(person) : null,
      uploadedAt: version.uploadedAt.toISOString(),
    })),
    createdById: document.createdById,
    createdByName: row.creator?.email ? userLabel(row.creator) : null,
    version: document.version,
    createdAt: document.createdAt.toISOString(),
    updatedAt: document.updatedAt.toISOString(),
  };
}

/** `loadDocument`, but a missing, deleted or unreachable document is a 404. */
export async function requireDocument(db: DbOrTx, actor: ActorReach, id: string): Promise<Document> {
  const document = await loadDocument(db, actor, id);
  if (!document) throw documentNotFound();
  return document;
}

/** 409 with the document as it is now. */
export async function documentVersionConflict(db: DbOrTx, actor: ActorReach, id: string) {
  return conflict(await requireDocument(db, actor, id));
}
