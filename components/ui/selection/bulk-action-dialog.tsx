'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { formatInteger } from '@/lib/format/integer';
import { SelfLoadedMessages } from '@/components/layout/self-loaded-messages';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import bulkDialogDe from '@/lib/i18n/messages/bulk-dialog.de.json';
import bulkDialogEn from '@/lib/i18n/messages/bulk-dialog.en.json';
import confirmDialogDe from '@/lib/i18n/messages/confirm-dialog.de.json';
import confirmDialogEn from '@/lib/i18n/messages/confirm-dialog.en.json';
import { useToast } from '@/components/ui/toast-provider';
import { useUndoToast } from '@/components/ui/use-undo-toast';

/** The lists whose bulk delete can be undone (they have a bulk `restore`, issue 51). */
const UNDOABLE_DELETES = /^\/(tasks|whitelist|documents)\/bulk\/?$/;
import { BULK_BATCH_SIZE } from '@/lib/schemas/bulk-constants';
import type { BulkActionDescriptor } from './bulk-action';
import { BulkParamField, initialParamValue, paramValueOf } from './bulk-param-field';
import { runBulkAction } from './run-bulk-action';
import { useListSelection } from './selection-context';
import { applyResults, selectionRequest } from './selection-results';

interface BulkActionDialogProps {
  action: BulkActionDescriptor | null;
  bulkPath: string;
  sendsVersions: boolean;
  onHide: () => void;
}

/**
 * The dialog's texts (`bulk.dialog`, `confirmDialog`) come with its code, not in every list's
 * messages (issue 50).
 */
const DIALOG_MESSAGES = {
  de: { bulk: { dialog: bulkDialogDe }, confirmDialog: confirmDialogDe },
  en: { bulk: { dialog: bulkDialogEn }, confirmDialog: confirmDialogEn },
};

/**
 * The dialog of one bulk action (loaded when an action is first chosen): its parameter, the count
 * (red for a destructive action), then the run in batches with a progress bar beyond 100 rows,
 * the summary toast, and the failed rows left selected with their reason.
 */
export function BulkActionDialog(props: BulkActionDialogProps) {
  return (
    <SelfLoadedMessages messages={DIALOG_MESSAGES}>
      <BulkActionDialogBody {...props} />
    </SelfLoadedMessages>
  );
}

function BulkActionDialogBody({ action, bulkPath, sendsVersions, onHide }: BulkActionDialogProps) {
  const t = useTranslations('bulk');
  const locale = useLocale();
  const showToast = useToast();
  const undoToast = useUndoToast();
  const router = useRouter();
  const [state, update] = useListSelection();
  const [shown, setShown] = useState<BulkActionDescriptor | null>(null);
  const [paramValue, setParamValue] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const count = state.rows.size;
  // A newly chosen action starts with its parameter's first value.
  if (action !== shown) {
    setShown(action);
    if (action?.param) setParamValue(initialParamValue(action.param));
  }

  async function run(chosen: BulkActionDescriptor): Promise<boolean> {
    const { ids, versions } = selectionRequest(state);
    const param = chosen.param;
    setProgress(0);
    try {
      const results = await runBulkAction({
        path: `/api/ui${bulkPath}`,
        action: chosen.action,
        params: param ? { [param.name]: paramValueOf(param, paramValue) } : {},
        ids,
        versions: sendsVersions ? versions : undefined,
        onProgress: setProgress,
      });
      update((current) => applyResults(current, results));
      const ok = results.filter((result) => result.outcome === 'ok').length;
      const failed = results.length - ok;
      const summary = failed === 0 ? t('dialog.summaryAllOk', { ok }) : t('dialog.summary', { ok, failed });
      const deleted = results.filter((result) => result.outcome === 'ok').map((result) => result.id);
      if (chosen.action === 'delete' && deleted.length > 0 && UNDOABLE_DELETES.test(bulkPath)) {
        // Issue 51: the delete happened; "Rückgängig" restores those rows at once (POST …/bulk, restore).
        undoToast({
          message: summary,
          undo: async () => {
            const restored = await runBulkAction({
              path: `/api/ui${bulkPath}`,
              action: 'restore',
              params: {},
              ids: deleted,
              onProgress: () => undefined,
            });
            const back = restored.filter((result) => result.outcome === 'ok').length;
            return back === deleted.length
              ? { ok: true as const, data: null }
              : { ok: false as const, message: t('dialog.summary', { ok: back, failed: deleted.length - back }) };
          },
          onUndone: () => router.refresh(),
        });
      } else {
        showToast({ variant: failed === 0 ? 'success' : 'warning', message: summary });
      }
      return true;
    } catch (error) {
      showToast({
        variant: 'danger',
        message: error instanceof Error && error.message ? error.message : t('dialog.failed'),
      });
      return false;
    } finally {
      setProgress(null);
      router.refresh();
    }
  }

  return (
    <ConfirmDialog
      show={action !== null}
      title={action ? t('dialog.confirmTitle', { label: action.label, count }) : ''}
      confirmLabel={action ? t('actionCount', { label: action.label, count: formatInteger(count, locale) }) : undefined}
      confirmVariant={action?.isDestructive ? 'danger' : 'primary'}
      onConfirm={() => (action ? run(action) : undefined)}
      onHide={onHide}
    >
      <p>
        {action?.isDestructive ? t('dialog.confirmDestructive', { count }) : t('dialog.confirmQuestion', { count })}
      </p>
      {action?.param ? <BulkParamField param={action.param} value={paramValue} onChange={setParamValue} /> : null}
      {progress !== null && count > BULK_BATCH_SIZE ? (
        <div
          className="progress mt-3"
          role="progressbar"
          aria-label={t('dialog.progress', { done: progress, total: count })}
          aria-valuenow={progress}
          aria-valuemin={0}
          aria-valuemax={count}
          data-testid="bulk-progress"
        >
          <div className="progress-bar" style={{ width: `${(100 * progress) / Math.max(count, 1)}%` }}>
            {t('dialog.progress', { done: progress, total: count })}
          </div>
        </div>
      ) : null}
    </ConfirmDialog>
  );
}
