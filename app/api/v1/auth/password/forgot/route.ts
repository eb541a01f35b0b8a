import * as op from '@/lib/server/http/operations/identity';
import { route } from '@/lib/server/http/route';
import { requestPasswordReset } from '@/lib/server/services/identity/request-password-reset';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.forgotPassword, async ({ body, ip }) => {
  await requestPasswordReset(body.email, { ip });
  return { accepted: true as const };
});

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
