import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { suspendAccount } from '@/lib/server/services/accounts/suspend-account';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.suspend, ({ actor, params }) => suspendAccount(actor, params.id));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
