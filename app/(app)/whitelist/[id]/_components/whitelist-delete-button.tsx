'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-provider';
import { restoreThroughUi } from '@/components/ui/restore-through-ui';
import { deleteWhitelistEntryAction } from '@/components/whitelist/whitelist-actions';
import { useUndoToast } from '@/components/ui/use-undo-toast';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

/**
 * Deletes the entry (against the version shown) after a confirmation, then goes back to the account's list
 * (`listHref`, built by the page: the route table's builders stay out of the browser's bundle, issue 30).
 */
export function WhitelistDeleteButton({
  entry,
  listHref,
  recordHref,
}: {
  entry: { id: string; version: number; value: string };
  listHref: string;
  /** The entry's page, where the toast's undo goes back to. */
  recordHref: string;
}) {
  const t = useTranslations('whitelist.actions');
  const apiProblemText = useLazyApiProblemText();
  const tToasts = useTranslations('whitelist.toasts');
  const router = useRouter();
  const toast = useToast();
  const undoToast = useUndoToast();
  const [isOpen, setOpen] = useState(false);

  async function remove(): Promise<boolean> {
    const result = await deleteWhitelistEntryAction(entry.id, entry.version);
    if (!result.ok) {
      toast({ variant: 'danger', message: t('failed', { message: await apiProblemText(result.error) }) });
      router.refresh();
      return false;
    }
    undoToast({
      message: tToasts('deleted'),
      undo: () => restoreThroughUi(`/whitelist/${entry.id}/restore`),
      onUndone: () => {
        router.push(recordHref);
        router.refresh();
      },
    });
    router.push(listHref);
    router.refresh();
    return true;
  }

  return (
    <>
      <button
        type="button"
        className="btn btn-outline-danger"
        onClick={() => setOpen(true)}
        data-testid="whitelist-delete"
      >
        {t('delete')}
      </button>
      <ConfirmDialog
        show={isOpen}
        title={t('deleteTitle')}
        confirmLabel={t('delete')}
        cancelLabel={t('cancel')}
        confirmVariant="danger"
        onConfirm={remove}
        onHide={() => setOpen(false)}
      >
        <p className="mb-0">{t('deleteBody', { value: entry.value })}</p>
      </ConfirmDialog>
    </>
  );
}
