import { etagFor } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/approvals';
import { jsonResponse, route } from '@/lib/server/http/route';
import { getApproval } from '@/lib/server/services/approvals/get-approval';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, async ({ actor, params }) => {
  const approval = await getApproval(actor, params.id);
  return jsonResponse(approval, 200, { etag: etagFor(approval.version) });
});

export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
