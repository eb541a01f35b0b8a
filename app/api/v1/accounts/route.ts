import { etagFor } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/accounts';
import { jsonResponse, route } from '@/lib/server/http/route';
import { createAccount } from '@/lib/server/services/accounts/create-account';
import { findAccounts } from '@/lib/server/services/accounts/find-accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findAccounts(actor, query));

export const POST = route(op.create, async ({ actor, body }) => {
  const account = await createAccount(actor, body);
  return jsonResponse(account, 201, { etag: etagFor(account.version) });
});

export const { PATCH, PUT, DELETE } = otherMethods('GET', 'POST');
