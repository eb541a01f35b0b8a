import { z } from './zod';
import { uuidSchema } from './common';
import { NOTIFICATION_DELIVERIES, NOTIFICATION_KINDS, MAX_NOTIFICATIONS_PER_PAGE } from './notification-constants';
import { queryBoolean } from './list';

export * from './notification-constants';

export const notificationKindSchema = z.enum(NOTIFICATION_KINDS);
export const notificationDeliverySchema = z.enum(NOTIFICATION_DELIVERIES).meta({
  description:
    '`immediate`: in the app and a mail at once; `digest`: in the app at once, mail in the daily digest; `off`: in the app only',
});

export const notificationSchema = z
  .object({
    id: uuidSchema,
    kind: notificationKindSchema,
    title: z
      .string()
      .nullable()
      .meta({
        description: 'As written when it was sent; null when the record is no longer in your reach (it answers 404)',
      }),
    entityType: z.enum(['task', 'approval', 'document']),
    entityId: uuidSchema,
    createdAt: z.iso.datetime({ offset: true }),
    readAt: z.iso.datetime({ offset: true }).nullable(),
  })
  .meta({ id: 'Notification' });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationListQuerySchema = z
  .strictObject({
    unread: queryBoolean.optional().meta({ description: '`1`/`true`: unread ones only (default: all)' }),
    page: z.coerce.number().int().min(1).max(100_000).optional().meta({ description: 'default 1' }),
    perPage: z.coerce
      .number()
      .int()
      .min(1)
      .max(MAX_NOTIFICATIONS_PER_PAGE)
      .optional()
      .meta({ description: 'default 20' }),
  })
  .meta({ description: 'Unread first, then newest first' });

export const notificationListSchema = z
  .object({
    items: z.array(notificationSchema),
    total: z.number().int(),
    unread: z.number().int(),
    page: z.number().int(),
    perPage: z.number().int(),
  })
  .meta({ id: 'NotificationList' });
export type NotificationList = z.infer<typeof notificationListSchema>;

export const notificationSettingsSchema = z
  .strictObject({
    taskAssigned: notificationDeliverySchema,
    taskDue: notificationDeliverySchema,
    approvalRequested: notificationDeliverySchema,
    approvalDecided: notificationDeliverySchema,
    documentAdded: notificationDeliverySchema,
  })
  .meta({ id: 'NotificationSettings' });

/** PATCH: any of the kinds; an unknown kind or value answers 422. */
export const notificationSettingsUpdateSchema = notificationSettingsSchema
  .partial()
  .meta({ id: 'NotificationSettingsUpdate' });

export const readAllResultSchema = z.object({ marked: z.number().int() }).meta({ id: 'NotificationsMarkedRead' });
