import { requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/tasks';
import { route } from '@/lib/server/http/route';
import { deleteTask } from '@/lib/server/services/tasks/delete-task';
import { getTask } from '@/lib/server/services/tasks/get-task';
import { updateTask } from '@/lib/server/services/tasks/update-task';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor, params }) => getTask(actor, params.id));

export const PATCH = route(op.update, ({ actor, params, body, req }) =>
  updateTask(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const DELETE = route(op.remove, ({ actor, params, req }) =>
  deleteTask(actor, params.id, requireExpectedVersion(req)),
);

export const { POST, PUT, OPTIONS } = otherMethods('GET', 'PATCH', 'DELETE');
