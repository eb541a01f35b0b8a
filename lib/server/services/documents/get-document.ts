import 'server-only';
import type { Document } from '@/lib/schemas/document';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireDocument } from './document-record';

/** `GET /documents/{id}`: one document in reach (404 otherwise) with its versions. */
export async function getDocument(actor: Actor, id: string): Promise<Document> {
  return requireDocument(await getDb(), actor, id);
}
