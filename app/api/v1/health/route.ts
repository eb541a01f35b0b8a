import * as op from '@/lib/server/http/operations/auth';
import { jsonResponse, route } from '@/lib/server/http/route';
import { checkHealth } from '@/lib/server/services/ops/check-health';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const dynamic = 'force-dynamic';

export const GET = route(op.health, async () => {
  const health = await checkHealth();
  return jsonResponse(health, health.database === 'ok' ? 200 : 503);
});

export const { POST, PATCH, PUT, DELETE } = otherMethods('GET');
