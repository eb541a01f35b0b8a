import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { requestAccountActivation } from '@/lib/server/services/accounts/request-account-activation';

export const POST = route(op.requestActivation, ({ actor, params, body }) =>
  requestAccountActivation(actor, params.id, body),
);
