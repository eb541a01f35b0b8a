import type { getTranslations } from 'next-intl/server';
import type { BulkActionDescriptor } from '@/components/ui/selection/bulk-action';

type Translate = Awaited<ReturnType<typeof getTranslations<'whitelist'>>>;

/** The whitelist's bulk actions (`POST /whitelist/bulk`) for those who may write it. */
export function whitelistBulkActions(t: Translate, canWrite: boolean): BulkActionDescriptor[] {
  if (!canWrite) return [];
  return [
    {
      action: 'set_valid_until',
      label: t('bulk.setValidUntil'),
      param: { kind: 'date', name: 'validUntil', label: t('bulk.validUntilLabel') },
    },
    { action: 'delete', label: t('bulk.delete'), isDestructive: true },
  ];
}
