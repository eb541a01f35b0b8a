import * as op from '@/lib/server/http/operations/tasks';
import { route } from '@/lib/server/http/route';
import { findTaskAccounts } from '@/lib/server/services/tasks/find-task-accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.accounts, ({ actor, query }) => findTaskAccounts(actor, query));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
