'use client';

import { useId, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useQuery } from '@tanstack/react-query';
import { useTranslations } from 'next-intl';
import { FieldDiffTable } from '@/components/history/field-diff-table';
import type { ActionResult } from '@/lib/api-client/action';
import { approvalSchema, type Approval } from '@/lib/schemas/approval';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

export type Decision = 'approve' | 'reject' | 'withdraw';

export interface DecisionDialogProps {
  approval: { id: string; entityLabel: string };
  /** `decide`: approve or reject with the diff; `withdraw`: the requester takes it back. */
  mode: 'decide' | 'withdraw';
  show: boolean;
  onHide: () => void;
  /** Runs the decision (a server action); the dialog stays open and shows the error on failure. */
  onDecide: (decision: Decision, comment: string) => Promise<ActionResult<Approval>>;
  onDecided: (approval: Approval, decision: Decision) => void;
}

/** The approval as the API answers it now, through the same-origin proxy. */
async function fetchApproval(id: string): Promise<Approval> {
  const response = await fetch(`/api/ui/approvals/${encodeURIComponent(id)}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(String(response.status));
  return approvalSchema.parse(await response.json());
}

/**
 * Approve or reject with a comment, seeing Feld / Vorher / Nachher first (SPEC §3 /freigaben/).
 * A rejection needs a comment, so the requester learns why; the API says so too.
 */
export function DecisionDialog({ approval, mode, show, onHide, onDecide, onDecided }: DecisionDialogProps) {
  const t = useTranslations('approvals');
  const apiProblemText = useLazyApiProblemText();
  const tCommon = useTranslations('common');
  const titleId = useId();
  const commentId = useId();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState<Decision | null>(null);
  const [error, setError] = useState<string | null>(null);
  const detail = useQuery({
    queryKey: ['approval', approval.id],
    queryFn: () => fetchApproval(approval.id),
    enabled: show && mode === 'decide',
    staleTime: 0,
  });

  const hide = () => {
    if (busy) return;
    setError(null);
    onHide();
  };

  async function decide(decision: Decision) {
    if (decision === 'reject' && !comment.trim()) {
      setError(t('dialog.commentRequired'));
      return;
    }
    setBusy(decision);
    setError(null);
    const result = await onDecide(decision, comment.trim());
    setBusy(null);
    if (!result.ok) {
      setError(await apiProblemText(result.error));
      return;
    }
    setComment('');
    onDecided(result.data, decision);
    onHide();
  }

  const isStale = detail.data?.status === 'pending' && detail.data.isCurrent === false;

  return (
    <Modal show={show} onHide={hide} aria-labelledby={titleId} centered size={mode === 'decide' ? 'lg' : undefined}>
      <Modal.Header closeButton closeLabel={t('actions.cancel')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {mode === 'decide'
            ? t('dialog.title', { entity: approval.entityLabel })
            : t('dialog.withdrawTitle', { entity: approval.entityLabel })}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {mode === 'withdraw' && <p>{t('dialog.withdrawBody')}</p>}
        {mode === 'decide' && (
          <>
            {detail.isPending && (
              <div className="d-flex justify-content-center py-3">
                <Spinner animation="border" size="sm" role="status">
                  <span className="visually-hidden">{tCommon('loading')}</span>
                </Spinner>
              </div>
            )}
            {detail.data && (
              <>
                <p className="mb-2">
                  <strong>{t(`kind.${detail.data.kind}`)}</strong>
                  {detail.data.reason ? ` – ${detail.data.reason}` : ''}
                </p>
                <FieldDiffTable fields={detail.data.diff} caption={t('detail.changes')} />
                {isStale && (
                  <div className="alert alert-warning py-2" role="status">
                    {t('detail.stale')}
                  </div>
                )}
              </>
            )}
            {detail.isError && (
              <div className="alert alert-danger py-2" role="alert">
                {t('toasts.failed', { message: String(detail.error.message) })}
              </div>
            )}
          </>
        )}
        <label htmlFor={commentId} className="form-label">
          {t('dialog.comment')}
        </label>
        <textarea
          id={commentId}
          className={`form-control${error ? ' is-invalid' : ''}`}
          rows={3}
          maxLength={2000}
          value={comment}
          aria-describedby={`${commentId}-hint`}
          aria-invalid={error ? true : undefined}
          onChange={(event) => setComment(event.target.value)}
        />
        {mode === 'decide' && (
          <div id={`${commentId}-hint`} className="form-text">
            {t('dialog.commentHint')}
          </div>
        )}
        {error && (
          <div className="invalid-feedback d-block" role="alert">
            {error}
          </div>
        )}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={hide} disabled={busy !== null}>
          {t('actions.cancel')}
        </Button>
        {mode === 'withdraw' ? (
          <Button variant="danger" onClick={() => void decide('withdraw')} disabled={busy !== null}>
            {t('actions.withdraw')}
          </Button>
        ) : (
          <>
            <Button variant="danger" onClick={() => void decide('reject')} disabled={busy !== null}>
              {t('actions.reject')}
            </Button>
            <Button variant="success" onClick={() => void decide('approve')} disabled={busy !== null || !detail.data}>
              {t('actions.approve')}
            </Button>
          </>
        )}
      </Modal.Footer>
    </Modal>
  );
}
