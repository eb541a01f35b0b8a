'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { clientOnly } from '@/components/ui/client-only';
import type { ApprovalDecisionFlowProps } from './approval-decision-flow';

export interface ApprovalDecisionButtonProps extends Pick<ApprovalDecisionFlowProps, 'approval' | 'mode'> {
  size?: 'sm';
}

const loadFlow = () => import('./approval-decision-flow').then((module) => module.ApprovalDecisionFlow);
const ApprovalDecisionFlow = clientOnly(loadFlow);

/**
 * "Entscheiden" or "Zurückziehen" with its dialog; afterwards the page and the navbar badge refresh.
 * The dialog (a modal, the record's schema, TanStack Query) loads when the pointer or the focus
 * reaches the button, not with the list (~30 kB gzip on /freigaben/; issue 15).
 */
export function ApprovalDecisionButton({ approval, mode, size }: ApprovalDecisionButtonProps) {
  const t = useTranslations('approvals');
  const [show, setShow] = useState(false);
  const [wasShown, setWasShown] = useState(false);
  const preload = () => void loadFlow();

  return (
    <>
      <button
        type="button"
        className={`btn ${mode === 'decide' ? 'btn-primary' : 'btn-outline-danger'}${size ? ` btn-${size}` : ''}`}
        onPointerEnter={preload}
        onFocus={preload}
        onClick={() => {
          setWasShown(true);
          setShow(true);
        }}
      >
        {mode === 'decide' ? t('actions.decide') : t('actions.withdraw')}
      </button>
      {wasShown && <ApprovalDecisionFlow approval={approval} mode={mode} show={show} onHide={() => setShow(false)} />}
    </>
  );
}
