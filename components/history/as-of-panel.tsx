import 'server-only';
import type { ReactNode } from 'react';
import { getLocale, getTranslations } from 'next-intl/server';
import { ApiRequestError } from '@/lib/api-client/http';
import { serverApi } from '@/lib/api-client/server';
import { formatDateTime } from '@/lib/format';
import { type AsOfView, asOfViewSchema } from '@/lib/schemas/as-of';
import { ClientMessages } from '@/components/layout/client-messages';
import { asOfInstant, asOfInputValue } from './as-of-time';
import { LazyRestoreStateButton } from './restore-state-button-lazy';

/** A value of the history as the as-of table shows it. */
function shown(value: unknown): string {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) {
    return value
      .map((row) =>
        row && typeof row === 'object' && 'code' in row && 'amountCents' in row
          ? `${String(row.code)}: ${(Number(row.amountCents) / 100).toFixed(2)} € ${String((row as { unit?: unknown }).unit ?? '')}`.trim()
          : JSON.stringify(row),
      )
      .join('; ');
  }
  return typeof value === 'object' ? JSON.stringify(value) : String(value);
}

/**
 * "Stand am …" (issue 51) on a record page: a plain GET form (no client code) with a date and time,
 * and, when one is chosen, the record as the history shows it then (`GET {apiPath}?asOf=…`): its fields
 * with those changed since marked, whether its history verifies ("Verlauf geprüft" or "Verlauf nicht
 * prüfbar — Stand nicht verbürgt"), and for an account its sub-accounts then.
 */
export async function AsOfPanel({
  apiPath,
  pageHref,
  asOf,
  hidden = {},
  restore,
}: {
  /** The record's API path, e.g. `/accounts/<id>/`. */
  apiPath: string;
  /** The page the form submits to (the record's page). */
  pageHref: string;
  /** The `asOf` query parameter, if any. */
  asOf: string | undefined;
  /** Other query parameters the page keeps (its tab). */
  hidden?: Record<string, string>;
  /**
   * The viewer may edit the record (issue 51): "Diesen Stand wiederherstellen" under a state that
   * differs from now, verifies and was not deleted, against the record's `version` the page shows.
   */
  restore?: { version: number };
}) {
  const [t, locale] = await Promise.all([getTranslations('history.asOf'), getLocale()]);
  const instant = asOf ? asOfInstant(asOf) : null;
  let view: AsOfView | null = null;
  let failure: string | null = null;
  if (instant) {
    try {
      view = await serverApi(`${apiPath}?asOf=${encodeURIComponent(instant.toISOString())}`, {
        schema: asOfViewSchema,
      });
    } catch (error) {
      if (!(error instanceof ApiRequestError)) throw error;
      failure = error.message;
    }
  } else if (asOf) failure = t('failed', { message: asOf });
  return (
    <section className="mb-3" data-testid="as-of" aria-label={t('label')}>
      <form method="get" action={pageHref} className="d-flex flex-wrap gap-2 align-items-end mb-2">
        {Object.entries(hidden).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <div>
          <label htmlFor="as-of-input" className="form-label mb-1">
            {t('label')}
          </label>
          <input
            id="as-of-input"
            className="form-control form-control-sm"
            type="datetime-local"
            name="asOf"
            step={1}
            required
            defaultValue={instant ? asOfInputValue(instant) : undefined}
          />
        </div>
        <button type="submit" className="btn btn-sm btn-outline-secondary">
          {t('show')}
        </button>
        {asOf ? (
          <a className="btn btn-sm btn-link" href={pageHref}>
            {t('current')}
          </a>
        ) : null}
      </form>
      {failure ? (
        <div className="alert alert-warning" role="status">
          {failure}
        </div>
      ) : null}
      {view ? (
        <AsOfTable view={view} locale={locale} t={t}>
          {restore && !view.deletedAt && view.verification.ok && view.changedSince.length > 0 ? (
            <ClientMessages namespaces={['history.asOf', 'validation', 'confirmDialog']}>
              <LazyRestoreStateButton
                apiPath={apiPath}
                asOf={view.asOf}
                at={formatDateTime(view.asOf, locale === 'en' ? 'en' : 'de')}
                version={restore.version}
                recordHref={pageHref}
              />
            </ClientMessages>
          ) : null}
        </AsOfTable>
      ) : null}
    </section>
  );
}

type Translate = Awaited<ReturnType<typeof getTranslations<'history.asOf'>>>;

function AsOfTable({
  view,
  locale,
  t,
  children,
}: {
  view: AsOfView;
  locale: string;
  t: Translate;
  /** Below the state: what the viewer may do with it (restore). */
  children?: ReactNode;
}) {
  const changed = new Set(view.changedSince);
  const at = formatDateTime(view.asOf, locale === 'en' ? 'en' : 'de');
  return (
    <div className="card" data-testid="as-of-view">
      <div className="card-body">
        <h2 className="h5 d-flex flex-wrap gap-2 align-items-center">
          {t('title', { at })}
          {view.verification.ok ? (
            <span className="badge text-bg-success" data-testid="as-of-verified">
              {t('verified')}
            </span>
          ) : (
            <span className="badge text-bg-danger" data-testid="as-of-not-verified">
              {t('notVerified')}
            </span>
          )}
        </h2>
        <p className="text-body-secondary small mb-2">
          {t('entries', { count: view.entries })} · {t('changedCount', { count: view.changedSince.length })}
        </p>
        {view.deletedAt ? (
          <div className="alert alert-secondary" role="status">
            {t('deleted', { at: formatDateTime(view.deletedAt, locale === 'en' ? 'en' : 'de') })}
          </div>
        ) : null}
        <table className="table table-sm mb-0">
          <thead>
            <tr>
              <th scope="col">{t('field')}</th>
              <th scope="col">{t('value')}</th>
            </tr>
          </thead>
          <tbody>
            {Object.entries(view.values)
              .sort(([a], [b]) => a.localeCompare(b))
              .map(([field, value]) => (
                <tr key={field} className={changed.has(field) ? 'table-warning' : undefined} data-field={field}>
                  <th scope="row" className="fw-normal">
                    {field}
                  </th>
                  <td>
                    {shown(value)}
                    {changed.has(field) ? (
                      <span className="badge text-bg-warning ms-2" data-testid="as-of-changed">
                        {t('changed')}
                      </span>
                    ) : null}
                  </td>
                </tr>
              ))}
          </tbody>
        </table>
        {view.children ? (
          <>
            <h3 className="h6 mt-3">{t('children')}</h3>
            {view.children.length === 0 ? (
              <p className="mb-0">{t('noChildren')}</p>
            ) : (
              <ul className="mb-0" data-testid="as-of-children">
                {view.children.map((child) => (
                  <li key={child.id}>
                    {child.name} ({child.status})
                  </li>
                ))}
              </ul>
            )}
          </>
        ) : null}
        {children}
      </div>
    </div>
  );
}
