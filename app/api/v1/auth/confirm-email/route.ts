import * as op from '@/lib/server/http/operations/identity';
import { route } from '@/lib/server/http/route';
import { confirmEmail } from '@/lib/server/services/identity/confirm-email';

export const POST = route(op.confirmEmail, async ({ body }) => {
  await confirmEmail(body);
  return { accepted: true as const };
});
