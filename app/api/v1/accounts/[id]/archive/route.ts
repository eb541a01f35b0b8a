import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { requestAccountArchive } from '@/lib/server/services/accounts/request-account-archive';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.requestArchive, ({ actor, params, body }) =>
  requestAccountArchive(actor, params.id, body),
);

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
