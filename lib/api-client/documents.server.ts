import 'server-only';
import { cache } from 'react';
import { documentListSchema, documentSchema, type DocumentListQuery } from '@/lib/schemas/document';
import { documentsApi } from './documents';
import { serverApi } from './server';

/**
 * The document calls pages make. `getDocument` is cached per request, so `generateMetadata` and
 * the page share one API call.
 */
export const getDocument = cache((id: string) => serverApi(documentsApi.detailPath(id), { schema: documentSchema }));

export const listDocuments = (query: Partial<DocumentListQuery>) =>
  serverApi(documentsApi.listPath(query), { schema: documentListSchema });
