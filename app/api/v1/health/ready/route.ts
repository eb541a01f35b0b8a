import * as op from '@/lib/server/http/operations/auth';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { route } from '@/lib/server/http/route';
import { checkReadiness } from '@/lib/server/services/ops/check-health';

export const dynamic = 'force-dynamic';

export const GET = route(op.ready, () => checkReadiness());

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
