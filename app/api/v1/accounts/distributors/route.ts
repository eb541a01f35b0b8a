import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { findDistributors } from '@/lib/server/services/accounts/find-distributors';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.distributors, ({ actor }) => findDistributors(actor));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
