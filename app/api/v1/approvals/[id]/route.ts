import * as op from '@/lib/server/http/operations/approvals';
import { route } from '@/lib/server/http/route';
import { getApproval } from '@/lib/server/services/approvals/get-approval';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor, params }) => getApproval(actor, params.id));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
