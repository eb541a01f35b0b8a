'use client';

import { useState } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { clientOnly } from '@/components/ui/client-only';
import { useToast } from '@/components/ui/toast-provider';
import { formatInteger } from '@/lib/format/integer';
import { BULK_MAX_IDS } from '@/lib/schemas/bulk-constants';
import type { BulkActionDescriptor, ListBulk } from './bulk-action';
import { useListSelection } from './selection-context';
import { clearSelection } from './selection-state';

const loadDialog = () => import('./bulk-action-dialog').then((module) => module.BulkActionDialog);
const BulkActionDialog = clientOnly(loadDialog);

/**
 * Above a list's table: how many rows are selected (announced to screen readers), "select all N
 * matching" (up to 1,000), clear, and one button per action naming the count. The action's dialog
 * and the code that runs it load when the pointer or focus first reaches an action (issue 15's
 * budget for the lists' first load).
 */
export function BulkBar({ bulk, total, sendsVersions }: { bulk: ListBulk; total: number; sendsVersions: boolean }) {
  const t = useTranslations('bulk');
  const locale = useLocale();
  const showToast = useToast();
  const [state, update] = useListSelection();
  const [chosen, setChosen] = useState<BulkActionDescriptor | null>(null);
  const [wasChosen, setWasChosen] = useState(false);
  const [isLoadingAll, setLoadingAll] = useState(false);
  const count = state.rows.size;

  async function selectAll() {
    setLoadingAll(true);
    try {
      const { loadMatching, selectRows } = await import('./load-matching');
      const rows = await loadMatching(bulk.matchingPath, total);
      update((current) => selectRows(current, rows));
    } catch {
      showToast({ variant: 'danger', message: t('loadFailed') });
    } finally {
      setLoadingAll(false);
    }
  }

  const preload = () => void loadDialog();
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
      {total > count && total <= BULK_MAX_IDS ? (
        <button type="button" className="btn btn-sm btn-link" onClick={selectAll} disabled={isLoadingAll}>
          {isLoadingAll ? t('selectingAll') : t('selectAll', { total: formatInteger(total, locale) })}
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
            onPointerEnter={preload}
            onFocus={preload}
            onClick={() => {
              setWasChosen(true);
              setChosen(action);
            }}
            data-testid={`bulk-${action.action}`}
          >
            {t('actionCount', { label: action.label, count: formatInteger(count, locale) })}
          </button>
        ))}
      </div>
      {wasChosen ? (
        <BulkActionDialog
          action={chosen}
          bulkPath={bulk.bulkPath}
          sendsVersions={sendsVersions}
          onHide={() => setChosen(null)}
        />
      ) : null}
    </div>
  );
}
