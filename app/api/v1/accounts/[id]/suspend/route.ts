import { etagFor } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/accounts';
import { jsonResponse, route } from '@/lib/server/http/route';
import { suspendAccount } from '@/lib/server/services/accounts/suspend-account';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.suspend, async ({ actor, params }) => {
  const account = await suspendAccount(actor, params.id);
  return jsonResponse(account, 200, { etag: etagFor(account.version) });
});

export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
