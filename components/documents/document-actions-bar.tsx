'use client';

import { useTranslations } from 'next-intl';
import { RecordActionBar } from '@/components/record/record-action-bar';
import { restoreThroughUi } from '@/components/ui/restore-through-ui';
import { deleteDocumentAction } from './document-actions';

export interface DocumentActionsBarProps {
  document: { id: string; title: string; version: number };
  /** Admin and back office, on a document that is not read-only; the API refuses everyone else. */
  canDelete: boolean;
  /** Where a delete goes: the list, built by the page (the route table stays out of the bundle, issue 30). */
  listHref: string;
  /** The document's page, where the toast's undo goes back to. */
  recordHref: string;
}

/**
 * For admin and back office, the soft delete behind a confirmation (the page renders the download
 * link beside it: a plain link is no client code, issue 30).
 */
export function DocumentActionsBar({ document, canDelete, listHref, recordHref }: DocumentActionsBarProps) {
  const t = useTranslations('documents');
  return (
    <RecordActionBar
      testId="document-actions"
      failed={(message) => t('toasts.failed', { message })}
      cancelLabel={t('dialogs.cancel')}
      actions={[
        {
          key: 'delete',
          label: t('actions.delete'),
          className: 'btn btn-outline-danger',
          isShown: canDelete,
          dialog: {
            title: t('dialogs.deleteTitle'),
            body: t('dialogs.deleteBody', { title: document.title }),
            confirm: t('actions.delete'),
            variant: 'danger',
          },
          run: () => deleteDocumentAction(document.id, document.version),
          success: t('toasts.deleted'),
          successHref: listHref,
          undo: { run: () => restoreThroughUi(`/documents/${document.id}/restore`), href: recordHref },
        },
      ]}
    />
  );
}
