import 'server-only';
import { type SQL, and, eq, ne, or } from 'drizzle-orm';
import type { TaskView } from '@/lib/schemas/task';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import { tasks } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

export type ActorReach = Pick<Actor, 'id' | 'role' | 'accountId'>;

/**
 * Row-level reach over tasks (SPEC §1 tasks.read): admin and back office see every task; a
 * distributor or manager the tasks they created or were given. `undefined` means no restriction;
 * outside reach a task answers 404.
 */
export function taskReach(actor: ActorReach): SQL | undefined {
  if (isStaff(actor.role)) return undefined;
  return or(eq(tasks.assigneeId, actor.id), eq(tasks.createdById, actor.id));
}

/** The list's view (tabs of /tasks/); `all` is for admin and back office only (403 otherwise). */
export function taskViewCondition(actor: ActorReach, view: TaskView): SQL | undefined {
  switch (view) {
    case 'assigned':
      return eq(tasks.assigneeId, actor.id);
    case 'todo':
      return and(eq(tasks.assigneeId, actor.id), eq(tasks.createdById, actor.id));
    case 'delegated':
      return and(eq(tasks.createdById, actor.id), ne(tasks.assigneeId, actor.id));
    case 'mine':
      return or(eq(tasks.assigneeId, actor.id), eq(tasks.createdById, actor.id));
    case 'all':
      if (!isStaff(actor.role)) throw new ApiError('forbidden', 'Alle Aufgaben sehen nur Administration und Innendienst.');
      return undefined;
  }
}

/** Who may delete a task: its creator, admin and back office. */
export function mayDeleteTask(actor: ActorReach, task: { createdById: string }): boolean {
  return isStaff(actor.role) || task.createdById === actor.id;
}
