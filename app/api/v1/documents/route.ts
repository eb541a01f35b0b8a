import * as op from '@/lib/server/http/operations/documents';
import { route } from '@/lib/server/http/route';
import { createDocument } from '@/lib/server/services/documents/create-document';
import { findDocuments } from '@/lib/server/services/documents/find-documents';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findDocuments(actor, query));

export const POST = route(op.create, ({ actor, body, file }) => createDocument(actor, body, file));

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
