'use client';

import { useTranslations } from 'next-intl';
import { RecordActionBar } from '@/components/record/record-action-bar';
import {
  requestActivationAction,
  requestArchiveAction,
  resumeAccountAction,
  suspendAccountAction,
} from '@/components/accounts/account-actions';

export interface AccountActionsBarProps {
  account: { id: string; name: string };
  /** The pages it links, built by the page: the route table's builders stay out of the bundle (issue 30). */
  hrefs: { edit: string; sheet: string; newSub: string };
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

export function AccountActionsBar({ account, hrefs, can }: AccountActionsBarProps) {
  const t = useTranslations('accounts');
  const { id, name } = account;
  return (
    <RecordActionBar
      testId="account-actions"
      failed={(message) => t('toasts.failed', { message })}
      cancelLabel={t('dialogs.cancel')}
      links={[
        { href: hrefs.edit, label: t('actions.edit'), className: 'btn btn-primary', isShown: can.edit },
        { href: hrefs.sheet, label: t('actions.sheet'), className: 'btn btn-outline-secondary' },
        {
          href: hrefs.newSub,
          label: t('actions.newSub'),
          className: 'btn btn-outline-primary',
          isShown: can.addSub,
        },
      ]}
      actions={[
        {
          key: 'activation',
          label: t('actions.requestActivation'),
          className: 'btn btn-success',
          isShown: can.requestActivation,
          dialog: {
            title: t('dialogs.activationTitle'),
            body: t('dialogs.activationBody', { name }),
            confirm: t('dialogs.submitRequest'),
            variant: 'primary',
          },
          reasonLabel: t('dialogs.reason'),
          run: ({ reason, idempotencyKey }) => requestActivationAction(id, reason, idempotencyKey),
          success: t('toasts.activationRequested'),
        },
        {
          key: 'suspend',
          label: t('actions.suspend'),
          className: 'btn btn-outline-warning',
          isShown: can.suspend,
          dialog: {
            title: t('dialogs.suspendTitle'),
            body: t('dialogs.suspendBody', { name }),
            confirm: t('actions.suspend'),
            variant: 'danger',
          },
          run: () => suspendAccountAction(id),
          success: t('toasts.suspended'),
        },
        {
          key: 'resume',
          label: t('actions.resume'),
          className: 'btn btn-outline-success',
          isShown: can.resume,
          dialog: {
            title: t('dialogs.resumeTitle'),
            body: t('dialogs.resumeBody', { name }),
            confirm: t('actions.resume'),
            variant: 'primary',
          },
          run: () => resumeAccountAction(id),
          success: t('toasts.resumed'),
        },
        {
          key: 'archive',
          label: t('actions.requestArchive'),
          className: 'btn btn-outline-danger',
          isShown: can.requestArchive,
          dialog: {
            title: t('dialogs.archiveTitle'),
            body: t('dialogs.archiveBody', { name }),
            confirm: t('dialogs.submitRequest'),
            variant: 'danger',
          },
          reasonLabel: t('dialogs.reason'),
          run: ({ reason, idempotencyKey }) => requestArchiveAction(id, reason, idempotencyKey),
          success: t('toasts.archiveRequested'),
        },
      ]}
    />
  );
}
