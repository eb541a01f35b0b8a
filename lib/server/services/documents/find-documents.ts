import 'server-only';
import type { DocumentListItem, DocumentListQuery } from '@/lib/schemas/document';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { countDocuments, selectDocumentPage } from './document-list-query';

type ListRow = Awaited<ReturnType<typeof selectDocumentPage>>[number];

export function toDocumentListItem(row: ListRow): DocumentListItem {
  return { ...row, createdAt: row.createdAt.toISOString(), updatedAt: row.updatedAt.toISOString() };
}

/** `GET /documents`: the documents in the actor's reach, filtered, sorted and paged. */
export async function findDocuments(actor: Actor, query: DocumentListQuery) {
  const db = await getDb();
  const [total, rows] = await Promise.all([
    countDocuments(db, actor, query),
    selectDocumentPage(db, actor, query, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
  ]);
  return { items: rows.map(toDocumentListItem), total, page: query.page, perPage: query.perPage };
}
