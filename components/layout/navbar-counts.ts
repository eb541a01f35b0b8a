/**
 * The navbar's counters, one chunk for the three (issue 30): they all render right after hydration
 * for a user who may see them, so one request fetches them rather than three (and the page carries
 * one loader for them rather than three).
 */
export { ApprovalsBadge } from './approvals-badge';
export { NotificationsBellCount } from './notifications-bell';
export { TasksBadge } from './tasks-badge';
