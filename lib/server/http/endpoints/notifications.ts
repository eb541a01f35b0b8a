import 'server-only';
import * as op from '../operations/notifications';
import { route } from '../route';
import {
  findNotifications,
  getNotificationSettings,
  markAllNotificationsRead,
  markNotificationRead,
  updateNotificationSettings,
} from '@/lib/server/services/notifications/own-notifications';

export const list = route(op.list, ({ actor, query }) => findNotifications(actor, query));

export const read = route(op.read, ({ actor, params }) => markNotificationRead(actor, params.id));

export const readAll = route(op.readAll, ({ actor }) => markAllNotificationsRead(actor));

export const settings = route(op.settings, ({ actor }) => getNotificationSettings(actor));

export const updateSettings = route(op.updateSettings, ({ actor, body }) => updateNotificationSettings(actor, body));
