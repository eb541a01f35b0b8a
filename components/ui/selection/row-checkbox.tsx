'use client';

import { useTranslations } from 'next-intl';
import { useListSelection } from './selection-context';
import { pageState, togglePage, toggleRow, type SelectableRow } from './selection-state';

/**
 * A row's box in the selection column; beside it, after a bulk action, why this row was not done.
 * A native checkbox: Space toggles it, Tab reaches it.
 */
export function RowCheckbox({ id, version, label }: { id: string; version?: number; label: string }) {
  const t = useTranslations('bulk');
  const [state, update] = useListSelection();
  const selected = state.rows.get(id);
  const failure = selected?.failure;
  return (
    <div className="d-flex align-items-start gap-2">
      <input
        type="checkbox"
        className="form-check-input mt-1"
        checked={selected !== undefined}
        onChange={() => update((current) => toggleRow(current, { id, version }))}
        aria-label={t('selectRow', { label })}
        aria-describedby={failure ? `bulk-failure-${id}` : undefined}
        data-testid="row-select"
      />
      {failure ? (
        <small id={`bulk-failure-${id}`} className="text-danger text-nowrap" data-testid="row-failure">
          {t(`outcome.${failure.outcome as 'not_found'}`)}
          {failure.reason ? `: ${failure.reason.message}` : ''}
        </small>
      ) : null}
    </div>
  );
}

/** The header's box: selects or unselects the page's rows; mixed when some are selected. */
export function PageCheckbox({ rows }: { rows: readonly SelectableRow[] }) {
  const t = useTranslations('bulk');
  const [state, update] = useListSelection();
  const current = pageState(
    state,
    rows.map((row) => row.id),
  );
  return (
    <input
      type="checkbox"
      className="form-check-input"
      checked={current === 'all'}
      ref={(element) => {
        if (element) element.indeterminate = current === 'some';
      }}
      disabled={rows.length === 0}
      onChange={() => update((selection) => togglePage(selection, rows))}
      aria-label={t('selectPage')}
      data-testid="page-select"
    />
  );
}
