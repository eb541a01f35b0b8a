import 'server-only';
import { restoreDeleted } from '@/lib/server/services/trash/restore-deleted';
import { getAsOf } from '@/lib/server/services/changes/get-as-of';
import { runBulk, versionOf } from '@/lib/server/services/bulk/run-bulk';
import { csvLocaleOfRequest } from '../csv-texts';
import { requireExpectedVersion } from '../etag';
import * as op from '../operations/tasks';
import { route } from '../route';
import { exportTasks } from '@/lib/server/services/export/export-tasks';
import { createTask } from '@/lib/server/services/tasks/create-task';
import { deleteTask } from '@/lib/server/services/tasks/delete-task';
import { findTaskAccounts } from '@/lib/server/services/tasks/find-task-accounts';
import { findTaskAssignees } from '@/lib/server/services/tasks/find-task-assignees';
import { findTasks } from '@/lib/server/services/tasks/find-tasks';
import { getTask } from '@/lib/server/services/tasks/get-task';
import { updateTask, updateTaskInBulk } from '@/lib/server/services/tasks/update-task';

export const list = route(op.list, ({ actor, query }) => findTasks(actor, query));

export const create = route(op.create, ({ actor, body }) => createTask(actor, body));

export const assignees = route(op.assignees, ({ actor, query }) => findTaskAssignees(actor, query));

export const accounts = route(op.accounts, ({ actor, query }) => findTaskAccounts(actor, query));

export const get = route(op.get, ({ actor, params, query }) =>
  query.asOf ? getAsOf(actor, 'task', params.id, query.asOf) : getTask(actor, params.id),
);

export const update = route(op.update, ({ actor, params, body, req }) =>
  updateTask(actor, params.id, body, requireExpectedVersion(req, body.version)),
);

export const remove = route(op.remove, ({ actor, params, req }) =>
  deleteTask(actor, params.id, requireExpectedVersion(req)),
);

export const exportCsv = route(op.exportCsv, async ({ actor, query, req }) =>
  exportTasks(actor, query, csvLocaleOfRequest(req, actor), 'csv'),
);

export const exportXlsx = route(op.exportXlsx, async ({ actor, query, req }) =>
  exportTasks(actor, query, csvLocaleOfRequest(req, actor), 'xlsx'),
);

/** Each task through the single change or delete, against the version the caller saw. */
export const bulk = route(op.bulk, ({ actor, body }) =>
  runBulk(body.ids, async (id) => {
    if (body.action === 'restore') return restoreDeleted(actor, 'task', id);
    const version = versionOf(id, body.versions);
    switch (body.action) {
      case 'delete':
        return deleteTask(actor, id, version);
      case 'set_status':
        return updateTaskInBulk(actor, id, { status: body.status }, version);
      case 'reassign':
        return updateTaskInBulk(actor, id, { assigneeId: body.assigneeId }, version);
      case 'set_priority':
        return updateTaskInBulk(actor, id, { priority: body.priority }, version);
    }
  }),
);

export const restore = route(op.restore, async ({ actor, params }) => {
  await restoreDeleted(actor, 'task', params.id);
});
