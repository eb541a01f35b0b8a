import 'server-only';
import { and, asc, eq, ne, or } from 'drizzle-orm';
import type { TaskAssigneeOption, TaskPickerQuery } from '@/lib/schemas/task';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { userReach } from '@/lib/server/services/users/user-reach';
import { userSearchCondition } from '@/lib/server/services/users/user-list-query';

/**
 * `GET /tasks/assignees?q=`: the type-ahead of the assignee picker, limited to whom the actor may
 * give a task (themselves and the users in their reach, not deactivated), by name.
 */
export async function findTaskAssignees(actor: Actor, query: TaskPickerQuery): Promise<{ items: TaskAssigneeOption[] }> {
  const db = await getDb();
  const reach = isStaff(actor.role) ? undefined : or(eq(users.id, actor.id), userReach(actor));
  const rows = await db
    .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email, role: users.role })
    .from(users)
    .where(and(reach, ne(users.status, 'deactivated'), userSearchCondition(query.q)))
    .orderBy(asc(users.lastName), asc(users.firstName), asc(users.id))
    .limit(query.perPage);
  return { items: rows.map((row) => ({ id: row.id, name: userLabel(row), email: row.email, role: row.role })) };
}
