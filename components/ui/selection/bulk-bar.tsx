'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDialog, preloadConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-provider';
import { BULK_BATCH_SIZE, BULK_MAX_IDS } from '@/lib/schemas/bulk-constants';
import { MAX_PER_PAGE } from '@/lib/schemas/list-limits';
import type { BulkActionDescriptor, ListBulk } from './bulk-action';
import { BulkParamField, initialParamValue, paramValueOf } from './bulk-param-field';
import { runBulkAction } from './run-bulk-action';
import { useListSelection } from './selection-context';
import { applyResults, clearSelection, selectRows, selectionRequest, type SelectableRow } from './selection-state';

async function loadMatching(matchingPath: string, total: number): Promise<SelectableRow[]> {
  const rows: SelectableRow[] = [];
  const pages = Math.ceil(Math.min(total, BULK_MAX_IDS) / MAX_PER_PAGE);
  const separator = matchingPath.includes('?') ? '&' : '?';
  for (let page = 1; page <= pages; page += 1) {
    const response = await fetch(`/api/ui${matchingPath}${separator}page=${page}&perPage=${MAX_PER_PAGE}`, {
      headers: { accept: 'application/json' },
    });
    if (!response.ok) throw new Error(response.statusText);
    const list = (await response.json()) as { items: { id: string; version?: number }[] };
    rows.push(...list.items.map(({ id, version }) => ({ id, version })));
    if (list.items.length < MAX_PER_PAGE) break;
  }
  return rows;
}

/**
 * Above a list's table: how many rows are selected (announced to screen readers), "select all N
 * matching" (up to 1,000), clear, and one button per action naming the count. An action asks in a
 * dialog (its parameter; the count; red for a destructive one), runs in batches with a progress bar
 * beyond 100 rows, ends with a summary toast, and keeps the rows that failed selected with their reason.
 */
export function BulkBar({ bulk, total, sendsVersions }: { bulk: ListBulk; total: number; sendsVersions: boolean }) {
  const t = useTranslations('bulk');
  const showToast = useToast();
  const router = useRouter();
  const [state, update] = useListSelection();
  const [chosen, setChosen] = useState<BulkActionDescriptor | null>(null);
  const [paramValue, setParamValue] = useState('');
  const [progress, setProgress] = useState<number | null>(null);
  const [isLoadingAll, setLoadingAll] = useState(false);
  const count = state.rows.size;

  async function selectAll() {
    setLoadingAll(true);
    try {
      const rows = await loadMatching(bulk.matchingPath, total);
      update((current) => selectRows(current, rows));
    } catch {
      showToast({ variant: 'danger', message: t('loadFailed') });
    } finally {
      setLoadingAll(false);
    }
  }

  async function run(action: BulkActionDescriptor): Promise<boolean> {
    const { ids, versions } = selectionRequest(state);
    const param = action.param;
    const params = param ? { [param.name]: paramValueOf(param, paramValue) } : {};
    setProgress(0);
    try {
      const results = await runBulkAction({
        path: `/api/ui${bulk.bulkPath}`,
        action: action.action,
        params,
        ids,
        versions: sendsVersions ? versions : undefined,
        onProgress: setProgress,
      });
      update((current) => applyResults(current, results));
      const ok = results.filter((result) => result.outcome === 'ok').length;
      const failed = results.length - ok;
      showToast({
        variant: failed === 0 ? 'success' : 'warning',
        message: failed === 0 ? t('summaryAllOk', { ok }) : t('summary', { ok, failed }),
      });
      router.refresh();
      return true;
    } catch (error) {
      showToast({ variant: 'danger', message: error instanceof Error && error.message ? error.message : t('failed') });
      router.refresh();
      return false;
    } finally {
      setProgress(null);
    }
  }

  const canSelectAll = total > count && count < BULK_MAX_IDS;
  return (
    <div
      className="d-flex flex-wrap align-items-center gap-2 mb-2 p-2 border rounded bg-body-tertiary"
      role="region"
      aria-label={t('actionsLabel')}
      data-testid="bulk-bar"
    >
      <span role="status" aria-live="polite" className="fw-semibold me-2" data-testid="bulk-count">
        {t('selected', { count })}
      </span>
      {canSelectAll && total <= BULK_MAX_IDS ? (
        <button type="button" className="btn btn-sm btn-link" onClick={selectAll} disabled={isLoadingAll}>
          {isLoadingAll ? t('selectingAll') : t('selectAll', { total })}
        </button>
      ) : null}
      {total > BULK_MAX_IDS ? (
        <small className="text-body-secondary">{t('selectAllTooMany', { max: BULK_MAX_IDS })}</small>
      ) : null}
      {count > 0 ? (
        <button type="button" className="btn btn-sm btn-link" onClick={() => update(clearSelection)}>
          {t('clear')}
        </button>
      ) : null}
      <div className="d-flex flex-wrap gap-2 ms-auto">
        {bulk.actions.map((action) => (
          <button
            key={action.action}
            type="button"
            className={`btn btn-sm ${action.isDestructive ? 'btn-outline-danger' : 'btn-outline-primary'}`}
            disabled={count === 0}
            onPointerEnter={preloadConfirmDialog}
            onFocus={preloadConfirmDialog}
            onClick={() => {
              setParamValue(action.param ? initialParamValue(action.param) : '');
              setChosen(action);
            }}
            data-testid={`bulk-${action.action}`}
          >
            {t('actionCount', { label: action.label, count })}
          </button>
        ))}
      </div>
      <ConfirmDialog
        show={chosen !== null}
        title={chosen ? t('confirmTitle', { label: chosen.label, count }) : ''}
        confirmLabel={chosen ? t('actionCount', { label: chosen.label, count }) : undefined}
        confirmVariant={chosen?.isDestructive ? 'danger' : 'primary'}
        onConfirm={() => (chosen ? run(chosen) : undefined)}
        onHide={() => setChosen(null)}
      >
        <p>{chosen?.isDestructive ? t('confirmDestructive', { count }) : t('confirmQuestion', { count })}</p>
        {chosen?.param ? <BulkParamField param={chosen.param} value={paramValue} onChange={setParamValue} /> : null}
        {progress !== null && count > BULK_BATCH_SIZE ? (
          <div
            className="progress mt-3"
            role="progressbar"
            aria-label={t('progress', { done: progress, total: count })}
            aria-valuenow={progress}
            aria-valuemin={0}
            aria-valuemax={count}
            data-testid="bulk-progress"
          >
            <div className="progress-bar" style={{ width: `${(100 * progress) / Math.max(count, 1)}%` }}>
              {t('progress', { done: progress, total: count })}
            </div>
          </div>
        ) : null}
      </ConfirmDialog>
    </div>
  );
}
