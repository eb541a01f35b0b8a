import 'server-only';
import { cache } from 'react';
import type { DocumentListQuery } from '@/lib/schemas/document';
import { documentsApi } from './documents';
import { serverApi } from './server';

/**
 * The document calls pages make. `getDocument` is cached per request, so `generateMetadata` and
 * the page share one API call.
 */
export const getDocument = cache((id: string) =>
  serverApi(documentsApi.detailPath(id), { schema: documentsApi.detailSchema }),
);

export const listDocuments = (query: Partial<DocumentListQuery>) =>
  serverApi(documentsApi.listPath(query), { schema: documentsApi.listSchema });
