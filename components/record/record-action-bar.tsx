'use client';

import { useState, type ReactNode } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { ConfirmDialog, preloadConfirmDialog } from '@/components/ui/confirm-dialog';
// Not the form barrel: it brings zod, which a page's action bar does not need.
import { useIdempotencyKey } from '@/components/ui/form/use-idempotency-key';
import { useToast } from '@/components/ui/toast-provider';
import type { ActionResult } from '@/lib/api-client/action';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

export interface RecordLink {
  href: string;
  label: string;
  /** Bootstrap button classes, e.g. `btn btn-primary`. */
  className: string;
  isShown?: boolean;
}

type Variant = 'primary' | 'danger' | 'warning' | 'success';

export interface RecordAction {
  key: string;
  label: string;
  /** Bootstrap button classes of the button that opens the dialog. */
  className: string;
  isShown?: boolean;
  dialog: { title: string; body: ReactNode; confirm: string; variant: Variant };
  /** The dialog asks for a reason (an approval request) with this label. */
  reasonLabel?: string;
  /** One call to the API; `idempotencyKey` is renewed after each success. */
  run: (input: { reason: string; idempotencyKey: string }) => Promise<ActionResult<unknown>>;
  success: string;
  /** Go here after a success (the record is gone, e.g. deleted) instead of refreshing the page. */
  successHref?: string;
}

export interface RecordActionBarProps {
  testId: string;
  links?: readonly RecordLink[];
  actions: readonly RecordAction[];
  /** "Die Aktion ist fehlgeschlagen: {message}". */
  failed: (message: string) => string;
  cancelLabel: string;
}

/**
 * A record page's buttons: links (edit, sheet) and actions behind a confirmation (lock, suspend,
 * request an approval). A success toasts and refreshes the page; a refusal toasts why and keeps
 * the dialog open.
 */
export function RecordActionBar({ testId, links = [], actions, failed, cancelLabel }: RecordActionBarProps) {
  const router = useRouter();
  const toast = useToast();
  const [openKey, setOpenKey] = useState<string | null>(null);
  const [reason, setReason] = useState('');
  const { idempotencyKey, renew: renewIdempotencyKey } = useIdempotencyKey();
  const apiProblemText = useLazyApiProblemText();
  const open = actions.find((action) => action.key === openKey) ?? null;

  async function confirm(action: RecordAction): Promise<boolean> {
    const result = await action.run({ reason, idempotencyKey });
    if (!result.ok) {
      toast({ variant: 'danger', message: failed(await apiProblemText(result.error)) });
      return false;
    }
    toast({ variant: 'success', message: action.success });
    renewIdempotencyKey();
    setReason('');
    if (action.successHref) router.push(action.successHref);
    router.refresh();
    return true;
  }

  const shownLinks = links.filter((link) => link.isShown !== false);
  const shownActions = actions.filter((action) => action.isShown !== false);
  if (shownLinks.length === 0 && shownActions.length === 0) return null;

  return (
    <div className="d-flex flex-wrap gap-2 d-print-none" data-testid={testId}>
      {shownLinks.map((link) => (
        <Link key={link.href} href={link.href} className={link.className}>
          {link.label}
        </Link>
      ))}
      {shownActions.map((action) => (
        <button
          key={action.key}
          type="button"
          className={action.className}
          onPointerEnter={preloadConfirmDialog}
          onFocus={preloadConfirmDialog}
          onClick={() => setOpenKey(action.key)}
        >
          {action.label}
        </button>
      ))}
      <ConfirmDialog
        show={open !== null}
        title={open?.dialog.title ?? ''}
        confirmLabel={open?.dialog.confirm}
        cancelLabel={cancelLabel}
        confirmVariant={open?.dialog.variant ?? 'primary'}
        onConfirm={() => (open ? confirm(open) : false)}
        onHide={() => setOpenKey(null)}
      >
        <p className={open?.reasonLabel ? undefined : 'mb-0'}>{open?.dialog.body}</p>
        {open?.reasonLabel ? (
          <div>
            <label htmlFor="approval-reason" className="form-label">
              {open.reasonLabel}
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
      </ConfirmDialog>
    </div>
  );
}
