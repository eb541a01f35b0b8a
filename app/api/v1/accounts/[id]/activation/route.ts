import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { requestAccountActivation } from '@/lib/server/services/accounts/request-account-activation';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.requestActivation, ({ actor, params, body }) =>
  requestAccountActivation(actor, params.id, body),
);

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
