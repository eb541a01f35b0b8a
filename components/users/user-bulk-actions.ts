import type { getTranslations } from 'next-intl/server';
import type { BulkActionDescriptor } from '@/components/ui/selection/bulk-action';

type Translate = Awaited<ReturnType<typeof getTranslations<'users'>>>;

/** The user list's bulk actions (`POST /users/bulk`) for those who may write users. */
export function userBulkActions(t: Translate, canWrite: boolean): BulkActionDescriptor[] {
  if (!canWrite) return [];
  return [
    { action: 'resend_invitation', label: t('bulk.resendInvitation') },
    { action: 'deactivate', label: t('bulk.deactivate'), isDestructive: true },
  ];
}
