import * as op from '@/lib/server/http/operations/tasks';
import { route } from '@/lib/server/http/route';
import { findTaskAssignees } from '@/lib/server/services/tasks/find-task-assignees';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.assignees, ({ actor, query }) => findTaskAssignees(actor, query));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
