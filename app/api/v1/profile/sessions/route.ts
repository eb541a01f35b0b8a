import * as op from '@/lib/server/http/operations/profile';
import { route } from '@/lib/server/http/route';
import { endOtherSessions } from '@/lib/server/services/profile/end-other-sessions';
import { findSessions } from '@/lib/server/services/profile/find-sessions';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.sessions, ({ actor }) => findSessions(actor));
export const DELETE = route(op.endOtherSessions, ({ actor }) => endOtherSessions(actor));

export const { POST, PATCH, PUT, OPTIONS } = otherMethods('GET', 'DELETE');
