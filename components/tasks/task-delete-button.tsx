'use client';

import { useTranslations } from 'next-intl';
import { RecordActionBar } from '@/components/record/record-action-bar';
import { deleteTaskAction } from './task-actions';

/** "Löschen" behind a confirmation; the server action goes to the list once the task is gone. */
export function TaskDeleteButton({ id, version, title }: { id: string; version: number; title: string }) {
  const t = useTranslations('tasks');
  const tDialog = useTranslations('confirmDialog');
  return (
    <RecordActionBar
      testId="task-actions"
      actions={[
        {
          key: 'delete',
          label: t('detail.delete'),
          className: 'btn btn-outline-danger',
          dialog: {
            title: t('detail.deleteConfirmTitle'),
            body: t('detail.deleteConfirmBody', { title }),
            confirm: t('detail.delete'),
            variant: 'danger',
          },
          run: () => deleteTaskAction(id, version),
          success: t('toasts.deleted'),
        },
      ]}
      failed={(message) => t('detail.deleteFailed', { message })}
      cancelLabel={tDialog('cancel')}
    />
  );
}
