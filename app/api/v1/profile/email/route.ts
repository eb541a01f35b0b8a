import * as op from '@/lib/server/http/operations/profile';
import { route } from '@/lib/server/http/route';
import { requestEmailChange } from '@/lib/server/services/profile/request-email-change';

export const POST = route(op.changeEmail, async ({ actor, body }) => {
  await requestEmailChange(actor, body);
  return { accepted: true as const };
});
