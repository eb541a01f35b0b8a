import * as op from '@/lib/server/http/operations/identity';
import { route } from '@/lib/server/http/route';
import { resetPassword } from '@/lib/server/services/identity/reset-password';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.resetPassword, async ({ body }) => {
  await resetPassword(body);
  return { accepted: true as const };
});

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
