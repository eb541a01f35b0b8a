import * as op from '@/lib/server/http/operations/whitelist';
import { route } from '@/lib/server/http/route';
import { checkWhitelist } from '@/lib/server/services/whitelist/check-whitelist';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.check, ({ actor, query }) => checkWhitelist(actor, query.email));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
