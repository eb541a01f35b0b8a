import * as op from '@/lib/server/http/operations/changes';
import { route } from '@/lib/server/http/route';
import { findChanges } from '@/lib/server/services/changes/find-changes';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findChanges(actor, query));

// The history is append-only (SPEC §2): no operation writes it, so every other method is 405.
export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
