import 'server-only';
import { dashboardSchema } from '@/lib/schemas/task';
import { defineOperation } from '../operation';

export const dashboard = defineOperation({
  method: 'GET',
  path: '/dashboard',
  summary:
    'The home page in one request, for the caller’s reach and scopes: my open and overdue tasks, approvals waiting for me (deciders) or my open requests, the latest changes, accounts by status, documents added this week (since Monday, Europe/Berlin); a part without its scope is null',
  tag: 'Dashboard',
  access: 'authenticated',
  response: dashboardSchema,
});
