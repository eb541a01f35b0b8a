import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { checkLiveness } from '@/lib/server/services/ops/check-health';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = route(op.health, async () => checkLiveness());

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
