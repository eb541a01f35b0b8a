import { etagFor, requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/accounts';
import { jsonResponse, route } from '@/lib/server/http/route';
import { getAccount } from '@/lib/server/services/accounts/get-account';
import { updateAccount } from '@/lib/server/services/accounts/update-account';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, async ({ actor, params }) => {
  const account = await getAccount(actor, params.id);
  return jsonResponse(account, 200, { etag: etagFor(account.version) });
});

export const PATCH = route(op.update, async ({ actor, params, body, req }) => {
  const result = await updateAccount(actor, params.id, body, requireExpectedVersion(req, body.version));
  return jsonResponse(result, 200, { etag: etagFor(result.account.version) });
});

export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
