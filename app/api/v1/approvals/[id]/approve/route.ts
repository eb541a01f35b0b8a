import * as op from '@/lib/server/http/operations/approvals';
import { route } from '@/lib/server/http/route';
import { approveApproval } from '@/lib/server/services/approvals/approve-approval';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.approve, ({ actor, params, body }) => approveApproval(actor, params.id, body));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
