import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { refreshSession } from '@/lib/server/services/auth/refresh-session';

export const POST = route(op.refresh, ({ body }) => refreshSession(body.refresh_token));
