'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { ConfirmDialogModal } from '@/components/ui/confirm-dialog-modal';
// Not the form barrel: it brings zod, which a page's action bar does not need.
import { useIdempotencyKey } from '@/components/ui/form/use-idempotency-key';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import { useToast } from '@/components/ui/toast-provider';
import { useUndoToast } from '@/components/ui/use-undo-toast';
import type { RecordAction } from './record-action';

export interface RecordActionDialogProps {
  /** The action asked for; null while the dialog is closed (it stays mounted so it can animate out). */
  action: RecordAction | null;
  failed: (message: string) => string;
  cancelLabel: string;
  onHide: () => void;
}

/**
 * The confirmation of a record's action and the call behind it (RecordActionBar): it loads with the
 * first action a user points at, focuses or presses, not with the page (issue 30). A success toasts
 * and refreshes the page (or goes to `successHref`); a refusal toasts why and keeps the dialog open.
 * The idempotency key and a typed reason outlive a cancel; a success renews the one and empties the other.
 */
export function RecordActionDialog({ action, failed, cancelLabel, onHide }: RecordActionDialogProps) {
  const router = useRouter();
  const toast = useToast();
  const undoToast = useUndoToast();
  const [reason, setReason] = useState('');
  const { idempotencyKey, renew: renewIdempotencyKey } = useIdempotencyKey();
  const apiProblemText = useLazyApiProblemText();

  async function confirm(chosen: RecordAction): Promise<boolean> {
    const result = await chosen.run({ reason, idempotencyKey });
    if (!result.ok) {
      toast({ variant: 'danger', message: failed(await apiProblemText(result.error)) });
      return false;
    }
    const undo = chosen.undo;
    if (undo) {
      undoToast({
        message: chosen.success,
        undo: undo.run,
        onUndone: () => {
          router.push(undo.href);
          router.refresh();
        },
      });
    } else toast({ variant: 'success', message: chosen.success });
    renewIdempotencyKey();
    setReason('');
    if (chosen.successHref) router.push(chosen.successHref);
    router.refresh();
    return true;
  }

  return (
    <ConfirmDialogModal
      show={action !== null}
      title={action?.dialog.title ?? ''}
      confirmLabel={action?.dialog.confirm}
      cancelLabel={cancelLabel}
      confirmVariant={action?.dialog.variant ?? 'primary'}
      onConfirm={() => (action ? confirm(action) : false)}
      onHide={onHide}
    >
      <p className={action?.reasonLabel ? undefined : 'mb-0'}>{action?.dialog.body}</p>
      {action?.reasonLabel ? (
        <div>
          <label htmlFor="approval-reason" className="form-label">
            {action.reasonLabel}
          </label>
          <textarea
            id="approval-reason"
            className="form-control"
            rows={3}
            maxLength={2000}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
          />
        </div>
      ) : null}
    </ConfirmDialogModal>
  );
}
