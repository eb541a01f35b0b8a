import 'server-only';
import { type SQL, and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { documentExportQuerySchema } from '@/lib/schemas/document';
import type { Actor } from '@/lib/server/auth/actor';
import type { PgSelect } from 'drizzle-orm/pg-core';
import type { DbOrTx } from '@/lib/server/db/types';
import { escapeLike } from '@/lib/server/db/escape-like';
import { accounts, documents, documentVersions } from '@/lib/server/db/schema';
import { documentReach } from './document-reach';

/**
 * The filtered, sorted document list of `GET /documents` and of its CSV export: reach, the
 * filters category, accountId (exactly that account's documents) and general (only those without
 * an account), and the search `q` in title, description and the current file's name.
 */

export type DocumentFilters = z.output<typeof documentExportQuerySchema>;
type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

export function documentSearchCondition(q: string | undefined): SQL | undefined {
  const term = q?.trim();
  if (!term) return undefined;
  const pattern = `%${escapeLike(term.toLowerCase())}%`;
  return sql`(lower(${documents.title}) like ${pattern}
    or lower(${documents.description}) like ${pattern}
    or lower(${documentVersions.fileName}) like ${pattern})`;
}

export function documentConditions(actor: ActorReach, filters: DocumentFilters): SQL | undefined {
  return and(
    documentReach(actor),
    filters.category ? eq(documents.category, filters.category) : undefined,
    filters.accountId ? eq(documents.accountId, filters.accountId) : undefined,
    filters.general ? isNull(documents.accountId) : undefined,
    documentSearchCondition(filters.q),
  );
}

/** ORDER BY the chosen field, then the title and `id` (a stable order for paging); general documents sort as "". */
export function documentOrder(filters: Pick<DocumentFilters, 'sort' | 'order'>): SQL[] {
  const direction = filters.order === 'desc' ? desc : asc;
  const byTitle = direction(documents.title);
  const tieBreak = direction(documents.id);
  switch (filters.sort) {
    case 'title':
      return [byTitle, tieBreak];
    case 'category':
      return [direction(documents.category), byTitle, tieBreak];
    case 'account':
      return [direction(sql`coalesce(${accounts.name}, '')`), byTitle, tieBreak];
    case 'updatedAt':
      return [direction(documents.updatedAt), tieBreak];
    case 'createdAt':
      return [direction(documents.createdAt), tieBreak];
  }
}

export const documentListColumns = {
  id: documents.id,
  title: documents.title,
  category: documents.category,
  accountId: documents.accountId,
  accountName: accounts.name,
  currentVersion: documents.currentVersion,
  fileName: documentVersions.fileName,
  mimeType: documentVersions.mimeType,
  sizeBytes: documentVersions.sizeBytes,
  createdAt: documents.createdAt,
  updatedAt: documents.updatedAt,
};

/** The current version's file and the account's name, by joins on their keys. */
function withJoins<T extends PgSelect>(query: T) {
  return query
    .innerJoin(
      documentVersions,
      and(eq(documentVersions.documentId, documents.id), eq(documentVersions.number, documents.currentVersion)),
    )
    .leftJoin(accounts, eq(accounts.id, documents.accountId));
}

/** One page (or export batch) of list rows. */
export function selectDocumentPage(
  db: DbOrTx,
  actor: ActorReach,
  filters: DocumentFilters,
  window: { limit: number; offset: number },
) {
  return withJoins(db.select(documentListColumns).from(documents).$dynamic())
    .where(documentConditions(actor, filters))
    .orderBy(...documentOrder(filters))
    .limit(window.limit)
    .offset(window.offset);
}

export async function countDocuments(db: DbOrTx, actor: ActorReach, filters: DocumentFilters): Promise<number> {
  const [row] = await withJoins(db.select({ n: count() }).from(documents).$dynamic()).where(
    documentConditions(actor, filters),
  );
  return Number(row?.n ?? 0);
}
