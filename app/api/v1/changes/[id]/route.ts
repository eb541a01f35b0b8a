import * as op from '@/lib/server/http/operations/changes';
import { route } from '@/lib/server/http/route';
import { getChange } from '@/lib/server/services/changes/get-change';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.get, ({ actor, params }) => getChange(actor, params.id));

// The history is append-only (SPEC §2): a change can be neither edited nor deleted.
export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
