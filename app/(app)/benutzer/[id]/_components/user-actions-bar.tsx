'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-provider';
import type { ActionResult } from '@/lib/api-client/action';
import {
  deactivateUserAction,
  lockUserAction,
  resendInvitationAction,
  unlockUserAction,
} from '../../_components/user-actions';

export interface UserActionsBarProps {
  user: { id: string; name: string; email: string };
  /** What the signed-in user may do here; the API refuses the rest anyway. */
  can: {
    edit: boolean;
    lock: boolean;
    unlock: boolean;
    deactivate: boolean;
    resendInvitation: boolean;
  };
}

type DialogKind = 'lock' | 'unlock' | 'deactivate' | 'resendInvitation';

export function UserActionsBar({ user, can }: UserActionsBarProps) {
  const t = useTranslations('users');
  const router = useRouter();
  const toast = useToast();
  const [dialog, setDialog] = useState<DialogKind | null>(null);

  async function run(action: () => Promise<ActionResult<unknown>>, success: string): Promise<boolean> {
    const result = await action();
    if (!result.ok) {
      toast({ variant: 'danger', message: t('toasts.failed', { message: result.error.message }) });
      return false;
    }
    toast({ variant: 'success', message: success });
    router.refresh();
    return true;
  }

  const dialogs: Record<
    DialogKind,
    {
      title: string;
      body: string;
      confirm: string;
      variant: 'primary' | 'danger' | 'warning';
      onConfirm: () => Promise<boolean>;
    }
  > = {
    lock: {
      title: t('dialogs.lockTitle'),
      body: t('dialogs.lockBody', { name: user.name }),
      confirm: t('actions.lock'),
      variant: 'warning',
      onConfirm: () => run(() => lockUserAction(user.id), t('toasts.locked', { name: user.name })),
    },
    unlock: {
      title: t('dialogs.unlockTitle'),
      body: t('dialogs.unlockBody', { name: user.name }),
      confirm: t('actions.unlock'),
      variant: 'primary',
      onConfirm: () => run(() => unlockUserAction(user.id), t('toasts.unlocked', { name: user.name })),
    },
    deactivate: {
      title: t('dialogs.deactivateTitle'),
      body: t('dialogs.deactivateBody', { name: user.name }),
      confirm: t('actions.deactivate'),
      variant: 'danger',
      onConfirm: () => run(() => deactivateUserAction(user.id), t('toasts.deactivated', { name: user.name })),
    },
    resendInvitation: {
      title: t('dialogs.resendTitle'),
      body: t('dialogs.resendBody', { email: user.email }),
      confirm: t('actions.resendInvitation'),
      variant: 'primary',
      onConfirm: () => run(() => resendInvitationAction(user.id), t('toasts.invitationResent', { email: user.email })),
    },
  };
  const open = dialog ? dialogs[dialog] : null;
  const hasAny = Object.values(can).some(Boolean);
  if (!hasAny) return null;

  return (
    <div className="d-flex flex-wrap gap-2 d-print-none" data-testid="user-actions">
      {can.edit && (
        <Link href={`/benutzer/${user.id}/edit/`} className="btn btn-primary">
          {t('actions.edit')}
        </Link>
      )}
      {can.resendInvitation && (
        <button type="button" className="btn btn-outline-primary" onClick={() => setDialog('resendInvitation')}>
          {t('actions.resendInvitation')}
        </button>
      )}
      {can.lock && (
        <button type="button" className="btn btn-outline-warning text-dark" onClick={() => setDialog('lock')}>
          {t('actions.lock')}
        </button>
      )}
      {can.unlock && (
        <button type="button" className="btn btn-outline-success" onClick={() => setDialog('unlock')}>
          {t('actions.unlock')}
        </button>
      )}
      {can.deactivate && (
        <button type="button" className="btn btn-outline-danger" onClick={() => setDialog('deactivate')}>
          {t('actions.deactivate')}
        </button>
      )}
      <ConfirmDialog
        show={open !== null}
        title={open?.title ?? ''}
        confirmLabel={open?.confirm}
        cancelLabel={t('dialogs.cancel')}
        confirmVariant={open?.variant ?? 'primary'}
        onConfirm={() => open?.onConfirm() ?? false}
        onHide={() => setDialog(null)}
      >
        <p className="mb-0">{open?.body}</p>
      </ConfirmDialog>
    </div>
  );
}
