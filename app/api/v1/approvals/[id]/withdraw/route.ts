import * as op from '@/lib/server/http/operations/approvals';
import { route } from '@/lib/server/http/route';
import { withdrawApproval } from '@/lib/server/services/approvals/withdraw-approval';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.withdraw, ({ actor, params, body }) => withdrawApproval(actor, params.id, body));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
