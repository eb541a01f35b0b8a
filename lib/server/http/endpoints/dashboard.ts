import 'server-only';
import * as op from '../operations/dashboard';
import { route } from '../route';
import { getDashboard } from '@/lib/server/services/dashboard/get-dashboard';

export const dashboard = route(op.dashboard, ({ actor }) => getDashboard(actor));
