'use client';

import { useId, useRef, useState, type ReactNode } from 'react';
import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import Spinner from 'react-bootstrap/Spinner';
import { useTranslations } from 'next-intl';

export interface ConfirmDialogProps {
  show: boolean;
  title: ReactNode;
  /** The question or consequences; the dialog's body. */
  children?: ReactNode;
  /** Default "Bestätigen". */
  confirmLabel?: string;
  /** Default "Abbrechen". */
  cancelLabel?: string;
  /** Bootstrap button variant; `danger` for destructive actions. Default `primary`. */
  confirmVariant?: 'primary' | 'danger' | 'warning' | 'success' | 'secondary';
  /**
   * Runs on confirm; the buttons are busy until it settles. On success the dialog calls `onHide`;
   * return `false` to keep it open. A thrown error keeps it open with a generic failure message
   * (show specifics yourself, e.g. with a toast, and return `false`).
   */
  onConfirm: () => void | boolean | Promise<void | boolean>;
  /** Cancel, Escape, the close button, the backdrop, and after a successful confirm. */
  onHide: () => void;
}

/** The dialog itself; pages use {@link ConfirmDialog} from ./confirm-dialog, which loads it on demand (a record's action bar loads it with RecordActionDialog). */
export function ConfirmDialogModal({
  show,
  title,
  children,
  confirmLabel,
  cancelLabel,
  confirmVariant = 'primary',
  onConfirm,
  onHide,
}: ConfirmDialogProps) {
  const t = useTranslations('confirmDialog');
  const tCommon = useTranslations('common');
  const titleId = useId();
  const confirmRef = useRef<HTMLButtonElement>(null);
  const [isBusy, setBusy] = useState(false);
  const [hasFailed, setFailed] = useState(false);

  const hide = () => {
    if (!isBusy) onHide();
  };

  const confirm = async () => {
    setBusy(true);
    setFailed(false);
    try {
      const result = await onConfirm();
      setBusy(false);
      if (result !== false) onHide();
    } catch {
      setBusy(false);
      setFailed(true);
    }
  };

  return (
    <Modal
      show={show}
      onHide={hide}
      onEntered={() => confirmRef.current?.focus()}
      onExited={() => setFailed(false)}
      backdrop={isBusy ? 'static' : true}
      keyboard={!isBusy}
      aria-labelledby={titleId}
      centered
    >
      <Modal.Header closeButton={!isBusy} closeLabel={tCommon('close')}>
        <Modal.Title id={titleId} as="h2" className="h5">
          {title}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {children}
        {hasFailed ? (
          <div className="alert alert-danger mt-3 mb-0" role="alert">
            {t('failed')}
          </div>
        ) : null}
      </Modal.Body>
      <Modal.Footer>
        <Button variant="outline-secondary" onClick={hide} disabled={isBusy}>
          {cancelLabel ?? t('cancel')}
        </Button>
        <Button
          ref={confirmRef}
          variant={confirmVariant}
          onClick={confirm}
          disabled={isBusy}
          aria-busy={isBusy || undefined}
          data-testid="confirm-dialog-confirm"
        >
          {isBusy ? (
            <>
              <Spinner animation="border" size="sm" className="me-2" aria-hidden="true" />
              {t('busy')}
            </>
          ) : (
            (confirmLabel ?? t('confirm'))
          )}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
