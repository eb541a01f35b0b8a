'use server';

import { revalidatePath } from 'next/cache';
import { callApi } from '@/lib/api-client/action';
import { notificationsApi } from '@/lib/api-client/notifications';
import { type NotificationSettings, notificationSettingsSchema } from '@/lib/schemas/notification';
import { uuidSchema } from '@/lib/schemas/common';

/** Forms of /benachrichtigungen/ (work without JavaScript too). */
export async function markReadAction(formData: FormData): Promise<void> {
  const id = uuidSchema.safeParse(formData.get('id'));
  if (!id.success) return;
  await callApi(notificationsApi.readPath(id.data), { method: 'POST' });
  revalidatePath('/benachrichtigungen/');
}

export async function markAllReadAction(): Promise<void> {
  await callApi(notificationsApi.readAllPath, { method: 'POST' });
  revalidatePath('/benachrichtigungen/');
}

export async function updateNotificationSettingsAction(input: Partial<NotificationSettings>) {
  return callApi(notificationsApi.settingsPath, { method: 'PATCH', body: input, schema: notificationSettingsSchema });
}
