'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useQueryClient } from '@tanstack/react-query';
import { withQueryClient } from '@/components/layout/query-client';
import { useTranslations } from 'next-intl';
import { WAITING_APPROVALS_QUERY_KEY } from '@/components/layout/approvals-badge';
import { useToast } from '@/components/ui/toast-provider';
import { decideApprovalAction } from './approval-actions';
import { DecisionDialog, type Decision } from './decision-dialog';

export interface ApprovalDecisionButtonProps {
  approval: { id: string; entityLabel: string };
  /** `decide` for a decider on someone else's request, `withdraw` for the requester. */
  mode: 'decide' | 'withdraw';
  size?: 'sm';
}

/** "Entscheiden" or "Zurückziehen" with its dialog; afterwards the page and the navbar badge refresh. */
export const ApprovalDecisionButton = withQueryClient(function ApprovalDecisionButton({
  approval,
  mode,
  size,
}: ApprovalDecisionButtonProps) {
  const t = useTranslations('approvals');
  const router = useRouter();
  const toast = useToast();
  const queryClient = useQueryClient();
  const [show, setShow] = useState(false);

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
    <>
      <button
        type="button"
        className={`btn ${mode === 'decide' ? 'btn-primary' : 'btn-outline-danger'}${size ? ` btn-${size}` : ''}`}
        onClick={() => setShow(true)}
      >
        {mode === 'decide' ? t('actions.decide') : t('actions.withdraw')}
      </button>
      <DecisionDialog
        approval={approval}
        mode={mode}
        show={show}
        onHide={() => setShow(false)}
        onDecide={(decision, comment) => decideApprovalAction(approval.id, decision, comment)}
        onDecided={(result, decision) => decided(result.status, decision)}
      />
    </>
  );
});
