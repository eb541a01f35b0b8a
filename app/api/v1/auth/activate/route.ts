import * as op from '@/lib/server/http/operations/identity';
import { route } from '@/lib/server/http/route';
import { activateUser } from '@/lib/server/services/identity/activate-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.activate, async ({ body }) => {
  await activateUser(body);
  return { accepted: true as const };
});

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
