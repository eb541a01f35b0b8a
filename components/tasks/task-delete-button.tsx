'use client';

import { useTranslations } from 'next-intl';
import { RecordActionBar } from '@/components/record/record-action-bar';
import { restoreThroughUi } from '@/components/ui/restore-through-ui';
import { deleteTaskAction } from './task-actions';

/**
 * "Löschen" behind a confirmation; once the task is gone the page goes to the list (`listHref`) and the
 * toast offers "Rückgängig" for 10 s, which restores the task and comes back to it (`recordHref`).
 */
export function TaskDeleteButton({
  id,
  version,
  title,
  listHref,
  recordHref,
}: {
  id: string;
  version: number;
  title: string;
  listHref: string;
  recordHref: string;
}) {
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
          successHref: listHref,
          undo: { run: () => restoreThroughUi(`/tasks/${id}/restore`), href: recordHref },
        },
      ]}
      failed={(message) => t('detail.deleteFailed', { message })}
      cancelLabel={tDialog('cancel')}
    />
  );
}
