import { requireExpectedVersion } from '@/lib/server/http/etag';
import * as op from '@/lib/server/http/operations/profile';
import { route } from '@/lib/server/http/route';
import { getProfile } from '@/lib/server/services/profile/get-profile';
import { updateProfile } from '@/lib/server/services/profile/update-profile';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor }) => getProfile(actor));

export const PATCH = route(op.update, ({ actor, body, req }) =>
  updateProfile(actor, body, requireExpectedVersion(req, body.version)),
);

export const { POST, PUT, DELETE, OPTIONS } = otherMethods('GET', 'PATCH');
