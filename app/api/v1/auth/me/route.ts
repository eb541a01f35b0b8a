import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { getCurrentUser } from '@/lib/server/services/auth/get-current-user';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.meGet, async ({ actor }) => ({ user: await getCurrentUser(actor) }));
export const POST = route(op.mePost, async ({ actor }) => ({ user: await getCurrentUser(actor) }));

export const { PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET', 'POST');
