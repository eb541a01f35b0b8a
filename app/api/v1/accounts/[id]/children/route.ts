import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { findChildren } from '@/lib/server/services/accounts/find-children';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.children, ({ actor, params, query }) => findChildren(actor, params.id, query));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
