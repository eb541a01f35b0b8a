import { hrefs } from '@/lib/hrefs';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime, type FormatLocale } from '@/lib/format';
import type { Change } from '@/lib/schemas/change';

/**
 * History entries as a table (server component): the /historie/ list and the Historie tabs of
 * accounts and users. `footer` goes under it, e.g. the pagination or a link to the full list.
 * Below 576 px each entry is a card (issue 49, the classes of components/ui/data-table.tsx): the
 * record as its title, the time (the link to the entry) and the action with their labels.
 */
export function ChangeTable({ items, isFiltered = false }: { items: readonly Change[]; isFiltered?: boolean }) {
  const t = useTranslations('history');
  const tTable = useTranslations('table');
  const locale = useLocale() as FormatLocale;
  if (items.length === 0) {
    return (
      <p className="text-body-secondary" data-testid="empty-state">
        {isFiltered ? tTable('emptyFiltered') : tTable('empty')}
      </p>
    );
  }
  return (
    <div className="table-responsive table-cards">
      <table className="table table-hover align-middle" data-testid="change-table">
        <caption className="visually-hidden">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('columns.at')}</th>
            <th scope="col">{t('columns.entity')}</th>
            <th scope="col">{t('columns.action')}</th>
            <th scope="col" className="d-none d-md-table-cell">
              {t('columns.actor')}
            </th>
            <th scope="col" className="d-none d-lg-table-cell">
              {t('columns.fields')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((change) => (
            <tr key={change.id} data-action={change.action} data-entity-type={change.entityType}>
              <td className="text-nowrap card-on" data-label={t('columns.at')}>
                <Link href={hrefs.change(change.id)} prefetch={false}>
                  {formatDateTime(change.at, locale)}
                </Link>
              </td>
              <th scope="row" className="fw-normal card-title">
                <span className="text-body-secondary small d-block">{t(`entityType.${change.entityType}`)}</span>
                {change.entityLabel}
              </th>
              <td className="card-on" data-label={t('columns.action')}>
                {t(`action.${change.action}`)}
              </td>
              <td className="d-none d-md-table-cell card-off">{change.actor.name}</td>
              <td className="d-none d-lg-table-cell small text-break card-off">
                {change.fields.map((entry) => entry.field.replace(/^payload\./, '')).join(', ')}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
