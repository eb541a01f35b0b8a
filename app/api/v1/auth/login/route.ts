import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { signIn } from '@/lib/server/services/auth/sign-in';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.login, ({ body, ip, userAgent }) => signIn(body, { ip, userAgent }));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
