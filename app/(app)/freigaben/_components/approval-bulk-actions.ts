import type { getTranslations } from 'next-intl/server';
import type { BulkActionDescriptor } from '@/components/ui/selection/bulk-action';

type Translate = Awaited<ReturnType<typeof getTranslations<'approvals'>>>;

/**
 * The approval list's bulk decisions (`POST /approvals/bulk`) for deciders: each under the
 * four-eyes rule (one's own requests answer "keine Berechtigung"); one comment for all, required to reject.
 */
export function approvalBulkActions(t: Translate, canDecide: boolean): BulkActionDescriptor[] {
  if (!canDecide) return [];
  return [
    {
      action: 'approve',
      label: t('bulk.approve'),
      param: { kind: 'text', name: 'comment', label: t('bulk.commentLabel'), maxLength: 2000 },
    },
    {
      action: 'reject',
      label: t('bulk.reject'),
      isDestructive: true,
      param: { kind: 'text', name: 'comment', label: t('bulk.rejectCommentLabel'), isRequired: true, maxLength: 2000 },
    },
  ];
}
