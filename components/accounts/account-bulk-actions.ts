import type { getTranslations } from 'next-intl/server';
import type { BulkActionDescriptor } from '@/components/ui/selection/bulk-action';

type Translate = Awaited<ReturnType<typeof getTranslations<'accounts'>>>;

/** The account list's bulk action (`POST /accounts/bulk`): each archive becomes its own approval request. */
export function accountBulkActions(t: Translate, canWrite: boolean): BulkActionDescriptor[] {
  if (!canWrite) return [];
  return [
    {
      action: 'request_archive',
      label: t('bulk.requestArchive'),
      isDestructive: true,
      param: { kind: 'text', name: 'reason', label: t('bulk.reasonLabel'), maxLength: 2000 },
    },
  ];
}
