import * as op from '@/lib/server/http/operations/auth';
import { otherMethods } from '@/lib/server/http/method-not-allowed';
import { jsonResponse, route } from '@/lib/server/http/route';
import { checkReadiness } from '@/lib/server/services/ops/check-health';

export const dynamic = 'force-dynamic';

export const GET = route(op.ready, async () => {
  const readiness = await checkReadiness();
  return jsonResponse(
    readiness,
    readiness.status === 'ready' ? 200 : 503,
    readiness.status === 'ready' ? {} : { 'retry-after': '2' },
  );
});

export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
