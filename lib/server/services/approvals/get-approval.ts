import 'server-only';
import type { Approval } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { loadApproval } from './approval-record';

/** `GET /approvals/{id}`: one approval in reach with its Feld / Vorher / Nachher diff (404 otherwise). */
export async function getApproval(actor: Actor, id: string): Promise<Approval> {
  return loadApproval(await getDb(), actor, id);
}
