import * as op from '@/lib/server/http/operations/profile';
import { route } from '@/lib/server/http/route';
import { requestEmailChange } from '@/lib/server/services/profile/request-email-change';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.changeEmail, async ({ actor, body }) => {
  await requestEmailChange(actor, body);
  return { accepted: true as const };
});

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
