import { etagFor } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/users';
import { jsonResponse, route } from '@/lib/server/http/route';
import { resendInvitation } from '@/lib/server/services/users/resend-invitation';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.resendInvitation, async ({ actor, params }) => {
  const user = await resendInvitation(actor, params.id);
  return jsonResponse(user, 200, { etag: etagFor(user.version) });
});

export const { GET, PATCH, PUT, DELETE } = otherMethods('POST');
