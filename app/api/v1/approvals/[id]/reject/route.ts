import * as op from '@/lib/server/http/operations/approvals';
import { route } from '@/lib/server/http/route';
import { rejectApproval } from '@/lib/server/services/approvals/reject-approval';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.reject, ({ actor, params, body }) => rejectApproval(actor, params.id, body));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
