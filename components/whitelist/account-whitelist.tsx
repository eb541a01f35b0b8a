import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { formatDate } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import type { WhitelistListItem } from '@/lib/schemas/whitelist';

export interface AccountWhitelistProps {
  accountId: string;
  items: readonly WhitelistListItem[];
  total: number;
  /** The list's count stopped early: `total` is one more than it counted ("mehr als 1.000 Einträge"). */
  totalIsLowerBound: boolean;
  canWrite: boolean;
}

/** The Whitelist tab of an account (server component): its first entries, and the ways to add more. */
export async function AccountWhitelist({
  accountId,
  items,
  total,
  totalIsLowerBound,
  canWrite,
}: AccountWhitelistProps) {
  const [t, locale] = await Promise.all([getTranslations('whitelist'), getLocale()]);
  return (
    <section data-testid="account-whitelist">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <p className="mb-0" data-testid="account-whitelist-count">
          {totalIsLowerBound ? t('tab.countMoreThan', { count: total - 1 }) : t('tab.count', { count: total })}
        </p>
        {canWrite && (
          <div className="d-flex flex-wrap gap-2">
            <Link href={hrefs.whitelistNew({ accountId })} className="btn btn-primary btn-sm">
              {t('new')}
            </Link>
            <Link href={hrefs.whitelistNew({ accountId, mode: 'import' })} className="btn btn-outline-primary btn-sm">
              {t('import')}
            </Link>
          </div>
        )}
      </div>
      {items.length > 0 && (
        <div className="table-responsive">
          <table className="table table-sm align-middle">
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.value')}</th>
                <th scope="col">{t('columns.kind')}</th>
                <th scope="col">{t('columns.validUntil')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('columns.note')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((item) => (
                <tr key={item.id}>
                  <th scope="row" className="fw-normal text-break">
                    <Link href={hrefs.whitelistEntry(item.id)}>{item.displayValue}</Link>
                  </th>
                  <td>{t(`kinds.${item.kind}`)}</td>
                  <td className="text-nowrap">
                    {item.validUntil
                      ? `${formatDate(`${item.validUntil}T12:00:00Z`, locale)}${item.isExpired ? ` (${t('expired')})` : ''}`
                      : t('unlimited')}
                  </td>
                  <td className="d-none d-md-table-cell text-break">{item.note}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > items.length && <Link href={hrefs.whitelist({ accountId })}>{t('tab.showAll')}</Link>}
    </section>
  );
}
