'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
// Not the form barrel: it brings zod, which this page's actions do not need.
import { useIdempotencyKey } from '@/components/ui/form/use-idempotency-key';
import { useToast } from '@/components/ui/toast-provider';
import type { ActionResult } from '@/lib/api-client/action';
import {
  requestActivationAction,
  requestArchiveAction,
  resumeAccountAction,
  suspendAccountAction,
} from '../../_components/account-actions';

export interface AccountActionsBarProps {
  account: { id: string; name: string };
  /** What the user may do here; the API refuses the rest anyway. */
  can: {
    edit: boolean;
    addSub: boolean;
    requestActivation: boolean;
    suspend: boolean;
    resume: boolean;
    requestArchive: boolean;
  };
}

type DialogKind = 'activation' | 'archive' | 'suspend' | 'resume';

export function AccountActionsBar({ account, can }: AccountActionsBarProps) {
  const t = useTranslations('accounts');
  const router = useRouter();
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogKind | null>(null);
  const [reason, setReason] = useState('');
  const { idempotencyKey, renew: renewIdempotencyKey } = useIdempotencyKey();

  async function run(action: () => Promise<ActionResult<unknown>>, success: string): Promise<boolean> {
    const result = await action();
    if (!result.ok) {
      toast({ variant: 'danger', message: t('toasts.failed', { message: result.error.message }) });
      return false;
    }
    toast({ variant: 'success', message: success });
    renewIdempotencyKey();
    setReason('');
    router.refresh();
    return true;
  }

  const dialogs: Record<
    DialogKind,
    { title: string; body: string; confirm: string; hasReason: boolean; onConfirm: () => Promise<boolean> }
  > = {
    activation: {
      title: t('dialogs.activationTitle'),
      body: t('dialogs.activationBody', { name: account.name }),
      confirm: t('dialogs.submitRequest'),
      hasReason: true,
      onConfirm: () =>
        run(() => requestActivationAction(account.id, reason, idempotencyKey), t('toasts.activationRequested')),
    },
    archive: {
      title: t('dialogs.archiveTitle'),
      body: t('dialogs.archiveBody', { name: account.name }),
      confirm: t('dialogs.submitRequest'),
      hasReason: true,
      onConfirm: () =>
        run(() => requestArchiveAction(account.id, reason, idempotencyKey), t('toasts.archiveRequested')),
    },
    suspend: {
      title: t('dialogs.suspendTitle'),
      body: t('dialogs.suspendBody', { name: account.name }),
      confirm: t('actions.suspend'),
      hasReason: false,
      onConfirm: () => run(() => suspendAccountAction(account.id), t('toasts.suspended')),
    },
    resume: {
      title: t('dialogs.resumeTitle'),
      body: t('dialogs.resumeBody', { name: account.name }),
      confirm: t('actions.resume'),
      hasReason: false,
      onConfirm: () => run(() => resumeAccountAction(account.id), t('toasts.resumed')),
    },
  };
  const open = dialog ? dialogs[dialog] : null;

  return (
    <div className="d-flex flex-wrap gap-2 d-print-none" data-testid="account-actions">
      {can.edit && (
        <Link href={`/accounts/${account.id}/edit/`} className="btn btn-primary">
          {t('actions.edit')}
        </Link>
      )}
      <Link href={`/accounts/${account.id}/show/`} className="btn btn-outline-secondary">
        {t('actions.sheet')}
      </Link>
      {can.addSub && (
        <Link href={`/accounts/${account.id}/neu/`} className="btn btn-outline-primary">
          {t('actions.newSub')}
        </Link>
      )}
      {can.requestActivation && (
        <button type="button" className="btn btn-success" onClick={() => setDialog('activation')}>
          {t('actions.requestActivation')}
        </button>
      )}
      {can.suspend && (
        <button type="button" className="btn btn-outline-warning text-dark" onClick={() => setDialog('suspend')}>
          {t('actions.suspend')}
        </button>
      )}
      {can.resume && (
        <button type="button" className="btn btn-outline-success" onClick={() => setDialog('resume')}>
          {t('actions.resume')}
        </button>
      )}
      {can.requestArchive && (
        <button type="button" className="btn btn-outline-danger" onClick={() => setDialog('archive')}>
          {t('actions.requestArchive')}
        </button>
      )}
      <ConfirmDialog
        show={open !== null}
        title={open?.title ?? ''}
        confirmLabel={open?.confirm}
        cancelLabel={t('dialogs.cancel')}
        confirmVariant={dialog === 'archive' || dialog === 'suspend' ? 'danger' : 'primary'}
        onConfirm={() => open?.onConfirm() ?? false}
        onHide={() => setDialog(null)}
      >
        <p>{open?.body}</p>
        {open?.hasReason && (
          <div>
            <label htmlFor="approval-reason" className="form-label">
              {t('dialogs.reason')}
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
        )}
      </ConfirmDialog>
    </div>
  );
}
