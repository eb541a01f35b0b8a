import * as op from '@/lib/server/http/operations/identity';
import { route } from '@/lib/server/http/route';
import { confirmEmail } from '@/lib/server/services/identity/confirm-email';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.confirmEmail, async ({ body }) => {
  await confirmEmail(body);
  return { accepted: true as const };
});

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
