import 'server-only';
import { idParamsSchema } from '@/lib/schemas/common';
import { restoreStateInputSchema, restoreStateResultSchema } from '@/lib/schemas/restore-state';
import type { Scope } from '@/lib/schemas/roles';
import { defineOperation } from '../operation';

/**
 * "Diesen Stand wiederherstellen" (issue 51) on each record that has a state as of a moment: one
 * operation per resource, each with the resource's own tag and write scope (the edit's).
 */
function restoreStateOperation<A extends Scope>(path: string, tag: string, access: A, what: string) {
  return defineOperation({
    method: 'POST',
    path: `${path}/[id]/restore-state`,
    summary: `Restore ${what} to its state as of a moment (asOf) or before one history entry (changeId), as the inverse change through the same service as PATCH (the same rights, checks and approvals); needs If-Match (or version). 409 when the version is stale or (changeId) one of the entry's fields changed again since (restoreChangedSince); 422 when nothing differs (restoreNothing), the record is deleted (restoreDeleted), the history up to then does not verify (restoreUnverified), a value then is no longer valid (restoreInvalid) or the state cannot be reached (restoreStatus, restoreAccountArchived, an account no longer assignable)`,
    tag,
    access,
    params: idParamsSchema,
    body: restoreStateInputSchema,
    response: restoreStateResultSchema,
    etag: (result) => result.version,
    ifMatch: 'required',
    errors: [403, 404, 409, 422, 428],
  });
}

export const account = restoreStateOperation(
  '/accounts',
  'Accounts',
  'accounts.write',
  'an account (its benefits on an active account as a benefit_change approval; status active ↔ suspended, admin and back office)',
);
export const user = restoreStateOperation(
  '/users',
  'Users',
  'users.write',
  'a user (a staff role as a role_grant approval)',
);
export const document = restoreStateOperation('/documents', 'Documents', 'documents.write', 'a document’s metadata');
export const task = restoreStateOperation('/tasks', 'Tasks', 'tasks.write', 'a task');
export const whitelist = restoreStateOperation('/whitelist', 'Whitelist', 'whitelist.write', 'a whitelist entry');
