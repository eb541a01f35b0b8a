import * as op from '@/lib/server/http/operations/approvals';
import { route } from '@/lib/server/http/route';
import { findApprovals } from '@/lib/server/services/approvals/find-approvals';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.list, ({ actor, query }) => findApprovals(actor, query));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
