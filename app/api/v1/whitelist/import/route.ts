import * as op from '@/lib/server/http/operations/whitelist';
import { route } from '@/lib/server/http/route';
import { importWhitelist } from '@/lib/server/services/whitelist/import-whitelist';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

/** The CSV body is streamed by the service itself (not JSON), within the operation's byte limit. */
export const POST = route(op.importCsv, ({ actor, query, req }) => importWhitelist(actor, query, req));

export const { GET, PATCH, PUT, DELETE, OPTIONS } = otherMethods('POST');
