import * as op from '@/lib/server/http/operations/tasks';
import { route } from '@/lib/server/http/route';
import { createTask } from '@/lib/server/services/tasks/create-task';
import { findTasks } from '@/lib/server/services/tasks/find-tasks';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findTasks(actor, query));

export const POST = route(op.create, ({ actor, body }) => createTask(actor, body));

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
