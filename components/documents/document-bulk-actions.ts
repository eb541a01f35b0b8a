import type { getTranslations } from 'next-intl/server';
import type { BulkActionDescriptor } from '@/components/ui/selection/bulk-action';
import { DOCUMENT_CATEGORIES } from '@/lib/schemas/document-constants';

type Translate = Awaited<ReturnType<typeof getTranslations<'documents'>>>;

/** The document list's bulk actions (`POST /documents/bulk`) for those who may write documents. */
export function documentBulkActions(t: Translate, canWrite: boolean): BulkActionDescriptor[] {
  if (!canWrite) return [];
  return [
    {
      action: 'set_category',
      label: t('bulk.setCategory'),
      param: {
        kind: 'select',
        name: 'category',
        label: t('bulk.categoryLabel'),
        options: DOCUMENT_CATEGORIES.map((category) => [category, t(`categories.${category}`)] as const),
      },
    },
    { action: 'delete', label: t('bulk.delete'), isDestructive: true },
  ];
}
