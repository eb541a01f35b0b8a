import { etagFor } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/accounts';
import { jsonResponse, route } from '@/lib/server/http/route';
import { suspendAccount } from '@/lib/server/services/accounts/suspend-account';

export const POST = route(op.suspend, async ({ actor, params }) => {
  const account = await suspendAccount(actor, params.id);
  return jsonResponse(account, 200, { etag: etagFor(account.version) });
});
