import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { requestAccountArchive } from '@/lib/server/services/accounts/request-account-archive';

export const POST = route(op.requestArchive, ({ actor, params, body }) =>
  requestAccountArchive(actor, params.id, body),
);
