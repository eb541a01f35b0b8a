import * as op from '@/lib/server/http/operations/users';
import { route } from '@/lib/server/http/route';
import { resendInvitation } from '@/lib/server/services/users/resend-invitation';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const POST = route(op.resendInvitation, ({ actor, params }) => resendInvitation(actor, params.id));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
