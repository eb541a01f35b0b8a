/** Zod-free: the navbar's bell and the settings form import these. */
export const NOTIFICATION_KINDS = [
  'taskAssigned',
  'taskDue',
  'approvalRequested',
  'approvalDecided',
  'documentAdded',
] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];
export const NOTIFICATION_DELIVERIES = ['immediate', 'digest', 'off'] as const;
export type NotificationDelivery = (typeof NOTIFICATION_DELIVERIES)[number];
export type NotificationSettings = Record<NotificationKind, NotificationDelivery>;
/** The list's page size cap. */
export const MAX_NOTIFICATIONS_PER_PAGE = 100;
