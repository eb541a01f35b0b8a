import { etagFor, requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/profile';
import { jsonResponse, route } from '@/lib/server/http/route';
import { getProfile } from '@/lib/server/services/profile/get-profile';
import { updateProfile } from '@/lib/server/services/profile/update-profile';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, async ({ actor }) => {
  const profile = await getProfile(actor);
  return jsonResponse(profile, 200, { etag: etagFor(profile.version) });
});

export const PATCH = route(op.update, async ({ actor, body, req }) => {
  const profile = await updateProfile(actor, body, requireExpectedVersion(req, body.version));
  return jsonResponse(profile, 200, { etag: etagFor(profile.version) });
});

export const { POST, PUT, DELETE } = otherMethods('GET', 'PATCH');
