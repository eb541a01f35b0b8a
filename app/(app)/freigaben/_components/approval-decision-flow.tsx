'use client';

import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { withQueryClient } from '@/components/layout/query-client';
import { useTranslations } from 'next-intl';
import { WAITING_APPROVALS_QUERY_KEY } from '@/components/layout/approvals-badge';
import { useToast } from '@/components/ui/toast-provider';
import { decideApprovalAction } from './approval-actions';
import { DecisionDialog, type Decision, type DecisionDialogProps } from './decision-dialog';

/** What the flow needs from the button that loads it: the approval, the mode and the dialog's visibility. */
export type ApprovalDecisionFlowProps = Pick<DecisionDialogProps, 'approval' | 'mode' | 'show' | 'onHide'>;

/**
 * The decision dialog with what follows a decision: a toast, the navbar badge and the page
 * refreshed. Loaded by ApprovalDecisionButton when it is first needed.
 */
export const ApprovalDecisionFlow = withQueryClient(function ApprovalDecisionFlow({
  approval,
  mode,
  show,
  onHide,
}: ApprovalDecisionFlowProps) {
  const t = useTranslations('approvals');
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();

  function decided(status: string, decision: Decision) {
    const message =
      decision === 'approve'
        ? status === 'obsolete'
          ? t('toasts.obsolete')
          : t('toasts.approved')
        : decision === 'reject'
          ? t('toasts.rejected')
          : t('toasts.withdrawn');
    toast({ variant: status === 'obsolete' ? 'warning' : 'success', message });
    void queryClient.invalidateQueries({ queryKey: WAITING_APPROVALS_QUERY_KEY });
    router.refresh();
  }

  return (
    <DecisionDialog
      approval={approval}
      mode={mode}
      show={show}
      onHide={onHide}
      onDecide={(decision, comment) => decideApprovalAction(approval.id, decision, comment)}
      onDecided={(result, decision) => decided(result.status, decision)}
    />
  );
});
