'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-provider';
import { deleteWhitelistEntryAction } from '@/components/whitelist/whitelist-actions';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

/**
 * Deletes the entry (against the version shown) after a confirmation, then goes back to the account's list
 * (`listHref`, built by the page: the route table's builders stay out of the browser's bundle, issue 30).
 */
export function WhitelistDeleteButton({
  entry,
  listHref,
}: {
  entry: { id: string; version: number; value: string };
  listHref: string;
}) {
  const t = useTranslations('whitelist.actions');
  const apiProblemText = useLazyApiProblemText();
  const tToasts = useTranslations('whitelist.toasts');
  const router = useRouter();
  const toast = useToast();
  const [isOpen, setOpen] = useState(false);

  async function remove(): Promise<boolean> {
    const result = await deleteWhitelistEntryAction(entry.id, entry.version);
    if (!result.ok) {
      toast({ variant: 'danger', message: t('failed', { message: await apiProblemText(result.error) }) });
      router.refresh();
      return false;
    }
    toast({ variant: 'success', message: tToasts('deleted') });
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
