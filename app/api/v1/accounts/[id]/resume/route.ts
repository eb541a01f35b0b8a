import * as op from '@/lib/server/http/operations/accounts';
import { route } from '@/lib/server/http/route';
import { resumeAccount } from '@/lib/server/services/accounts/resume-account';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.resume, ({ actor, params }) => resumeAccount(actor, params.id));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
