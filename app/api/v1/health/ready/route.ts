import * as op from '@/lib/server/http/operations/auth';
import { route } from '@/lib/server/http/route';
import { checkReadiness } from '@/lib/server/services/ops/check-health';

export const dynamic = 'force-dynamic';

export const GET = route(op.ready, () => checkReadiness());
