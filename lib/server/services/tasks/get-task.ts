import 'server-only';
import type { Task } from '@/lib/schemas/task';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requireTask } from './task-record';

/** `GET /tasks/{id}`: one task in the actor's reach (404 otherwise). */
export async function getTask(actor: Actor, id: string): Promise<Task> {
  return requireTask(await getDb(), actor, id);
}
