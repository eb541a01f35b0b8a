'use client';

import { useTranslations } from 'next-intl';
import { RecordActionBar } from '@/components/record/record-action-bar';
import {
  deactivateUserAction,
  requestErasureAction,
  lockUserAction,
  requestMfaResetAction,
  resendInvitationAction,
  unlockUserAction,
} from '@/components/users/user-actions';

export interface UserActionsBarProps {
  user: { id: string; name: string; email: string };
  /** The edit page's link, built by the page: the route table's builders stay out of the bundle (issue 30). */
  editHref: string;
  /** What the signed-in user may do here; the API refuses the rest anyway. */
  can: {
    edit: boolean;
    lock: boolean;
    unlock: boolean;
    deactivate: boolean;
    resendInvitation: boolean;
    /** Request removing the user's second factors (an approval someone else decides). */
    resetMfa: boolean;
    requestErasure: boolean;
  };
}

export function UserActionsBar({ user, editHref, can }: UserActionsBarProps) {
  const t = useTranslations('users');
  const { id, name, email } = user;
  return (
    <RecordActionBar
      testId="user-actions"
      failed={(message) => t('toasts.failed', { message })}
      cancelLabel={t('dialogs.cancel')}
      links={[{ href: editHref, label: t('actions.edit'), className: 'btn btn-primary', isShown: can.edit }]}
      actions={[
        {
          key: 'resendInvitation',
          label: t('actions.resendInvitation'),
          className: 'btn btn-outline-primary',
          isShown: can.resendInvitation,
          dialog: {
            title: t('dialogs.resendTitle'),
            body: t('dialogs.resendBody', { email }),
            confirm: t('actions.resendInvitation'),
            variant: 'primary',
          },
          run: () => resendInvitationAction(id),
          success: t('toasts.invitationResent', { email }),
        },
        {
          key: 'lock',
          label: t('actions.lock'),
          className: 'btn btn-outline-warning',
          isShown: can.lock,
          dialog: {
            title: t('dialogs.lockTitle'),
            body: t('dialogs.lockBody', { name }),
            confirm: t('actions.lock'),
            variant: 'warning',
          },
          run: () => lockUserAction(id),
          success: t('toasts.locked', { name }),
        },
        {
          key: 'unlock',
          label: t('actions.unlock'),
          className: 'btn btn-outline-success',
          isShown: can.unlock,
          dialog: {
            title: t('dialogs.unlockTitle'),
            body: t('dialogs.unlockBody', { name }),
            confirm: t('actions.unlock'),
            variant: 'primary',
          },
          run: () => unlockUserAction(id),
          success: t('toasts.unlocked', { name }),
        },
        {
          key: 'deactivate',
          label: t('actions.deactivate'),
          className: 'btn btn-outline-danger',
          isShown: can.deactivate,
          dialog: {
            title: t('dialogs.deactivateTitle'),
            body: t('dialogs.deactivateBody', { name }),
            confirm: t('actions.deactivate'),
            variant: 'danger',
          },
          run: () => deactivateUserAction(id),
          success: t('toasts.deactivated', { name }),
        },
        {
          key: 'resetMfa',
          label: t('actions.resetMfa'),
          className: 'btn btn-outline-secondary',
          isShown: can.resetMfa,
          dialog: {
            title: t('dialogs.resetMfaTitle'),
            body: t('dialogs.resetMfaBody', { name }),
            confirm: t('actions.resetMfa'),
            variant: 'warning',
          },
          run: () => requestMfaResetAction(id),
          success: t('toasts.mfaResetRequested', { name }),
        },
        {
          key: 'requestErasure',
          label: t('actions.requestErasure'),
          className: 'btn btn-outline-danger',
          isShown: can.requestErasure,
          dialog: {
            title: t('dialogs.erasureTitle'),
            body: t('dialogs.erasureBody', { name }),
            confirm: t('actions.requestErasure'),
            variant: 'danger',
          },
          run: () => requestErasureAction(id),
          success: t('toasts.erasureRequested', { name }),
        },
      ]}
    />
  );
}
