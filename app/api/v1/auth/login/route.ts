import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { signIn } from '@/lib/server/services/auth/sign-in';

export const POST = route(op.login, ({ body, ip, userAgent }) => signIn(body, { ip, userAgent }));
