import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { refreshSession } from '@/lib/server/services/auth/refresh-session';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.refresh, ({ body }) => refreshSession(body.refresh_token));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
