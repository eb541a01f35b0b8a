import 'server-only';
import {
  notificationListQuerySchema,
  notificationListSchema,
  notificationSchema,
  notificationSettingsSchema,
  notificationSettingsUpdateSchema,
  readAllResultSchema,
} from '@/lib/schemas/notification';
import { idParamsSchema } from '@/lib/schemas/common';
import { defineOperation } from '../operation';

const tag = 'Notifications';

export const list = defineOperation({
  method: 'GET',
  path: '/notifications',
  summary:
    'Own notifications, unread first, then newest first (20 a page unless `perPage`, at most 100); `total` counts the filtered list, `unread` all unread ones; `?unread=1` lists unread ones only',
  tag,
  access: 'authenticated',
  query: notificationListQuerySchema,
  response: notificationListSchema,
});

export const read = defineOperation({
  method: 'POST',
  path: '/notifications/[id]/read',
  summary: 'Mark one own notification read (again: no change); another user’s answers 404',
  tag,
  access: 'authenticated',
  params: idParamsSchema,
  response: notificationSchema,
  errors: [404],
});

export const readAll = defineOperation({
  method: 'POST',
  path: '/notifications/read-all',
  summary: 'Mark every own unread notification read; answers how many were marked',
  tag,
  access: 'authenticated',
  response: readAllResultSchema,
});

export const settings = defineOperation({
  method: 'GET',
  path: '/profile/notification-settings',
  summary:
    'Own notification preferences per kind (`immediate`, `digest`, `off`); kinds never chosen show the role’s default',
  tag: 'Profile',
  access: 'authenticated',
  response: notificationSettingsSchema,
});

export const updateSettings = defineOperation({
  method: 'PATCH',
  path: '/profile/notification-settings',
  summary: 'Change own notification preferences: any of the kinds; an unknown kind or value answers 422',
  tag: 'Profile',
  access: 'authenticated',
  body: notificationSettingsUpdateSchema,
  response: notificationSettingsSchema,
});
