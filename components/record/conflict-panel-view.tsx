'use client';

import { useEffect, useId, useRef, type ReactNode } from 'react';
import { useLocale } from 'next-intl';
import recordDe from '@/lib/i18n/messages/record.de.json';
import recordEn from '@/lib/i18n/messages/record.en.json';
import { isSameValue } from './same-value';

export interface ConflictPanelProps<F extends string, V> {
  /** The fields the form has, in form order: the rows the panel may show. */
  fields: readonly F[];
  /** What the user has in the form (the values they tried to save). */
  mine: V;
  /** The record as it is now, from the API's 409 answer, in the same shape. */
  theirs: V;
  /** The record the user started from, to mark the fields only the other person changed. */
  base?: V;
  /** Moves the focus to the panel again when it changes (the current record's version). */
  focusKey: number;
  title: string;
  labelOf: (field: F) => string;
  /** A field's value as the user reads it. */
  show: (field: F, values: V) => ReactNode;
  /** Default `isSameValue` on `values[field]`. */
  isSame?: (field: F, left: V, right: V) => boolean;
  /** "Meine Eingaben trotzdem speichern": save again on top of the current version. */
  onOverwrite: () => void;
  /** "Aktuellen Stand übernehmen": put the current record into the form. */
  onTakeCurrent: () => void;
  isBusy?: boolean;
}

/**
 * Shown when a save met a newer version (409): says so, lists field by field what differs
 * between the user's input and the current record, and lets the user decide. Nothing typed is
 * lost until they choose to take the current record. Loaded on demand: use `ConflictPanel` from
 * `./conflict-panel`.
 */
export function ConflictPanel<F extends string, V>({
  fields,
  mine,
  theirs,
  base,
  focusKey,
  title,
  labelOf,
  show,
  isSame = (field, left, right) =>
    isSameValue((left as Record<string, unknown>)[field], (right as Record<string, unknown>)[field]),
  onOverwrite,
  onTakeCurrent,
  isBusy = false,
}: ConflictPanelProps<F, V>) {
  // The panel brings its own texts (catalogue `common.record`): only pages with a record form load
  // them, instead of every page's client messages (issue 15).
  const texts = useLocale() === 'en' ? recordEn : recordDe;
  const t = (key: keyof typeof recordDe) => texts[key];
  const titleId = useId();
  const ref = useRef<HTMLElement>(null);
  const differences = fields.filter((field) => !isSame(field, mine, theirs));

  // Moves the focus here once, so keyboard and screen-reader users learn why nothing was saved.
  useEffect(() => {
    ref.current?.focus();
  }, [focusKey]);

  return (
    <section
      ref={ref}
      tabIndex={-1}
      aria-labelledby={titleId}
      className="alert alert-warning"
      data-testid="conflict-panel"
    >
      <h2 id={titleId} className="h5 alert-heading">
        {title}
      </h2>
      <p>{t('conflictBody')}</p>
      {differences.length > 0 ? (
        <div className="table-responsive">
          <table className="table table-sm table-bordered bg-body mb-3">
            <caption className="visually-hidden">{t('conflictTableCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('conflictField')}</th>
                <th scope="col">{t('conflictMine')}</th>
                <th scope="col">{t('conflictTheirs')}</th>
              </tr>
            </thead>
            <tbody>
              {differences.map((field) => (
                <tr key={field} data-field={field}>
                  <th scope="row">{labelOf(field)}</th>
                  <td>
                    {show(field, mine)}
                    {base !== undefined && isSame(field, mine, base) ? (
                      <div className="small text-body-secondary">{t('conflictUntouched')}</div>
                    ) : null}
                  </td>
                  <td>{show(field, theirs)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : (
        <p>{t('conflictNoFieldDiff')}</p>
      )}
      <div className="d-flex flex-wrap gap-2">
        <button type="button" className="btn btn-warning" onClick={onOverwrite} disabled={isBusy}>
          {t('conflictOverwrite')}
        </button>
        <button type="button" className="btn btn-outline-secondary" onClick={onTakeCurrent} disabled={isBusy}>
          {t('conflictTakeTheirs')}
        </button>
      </div>
    </section>
  );
}
