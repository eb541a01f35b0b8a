import * as op from '@/lib/server/http/operations/dashboard';
import { route } from '@/lib/server/http/route';
import { getDashboard } from '@/lib/server/services/dashboard/get-dashboard';
import { otherMethods } from '@/lib/server/http/method-not-allowed';

export const GET = route(op.dashboard, ({ actor }) => getDashboard(actor));

export const { POST, PATCH, PUT, DELETE, OPTIONS } = otherMethods('GET');
