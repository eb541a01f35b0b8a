import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { createAccount } from '@/lib/server/services/accounts/create-account';
import { findAccounts } from '@/lib/server/services/accounts/find-accounts';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findAccounts(actor, query));

export const POST = route(op.create, ({ actor, body }) => createAccount(actor, body));

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
