import * as op from '@/lib/server/http/operations/identity';
import { route } from '@/lib/server/http/route';
import { activateUser } from '@/lib/server/services/identity/activate-user';

export const POST = route(op.activate, async ({ body }) => {
  await activateUser(body);
  return { accepted: true as const };
});
