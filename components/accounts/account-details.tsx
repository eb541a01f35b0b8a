import { hrefs } from '@/lib/hrefs';
import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { StatusBadge } from '@/components/ui/status-badge';
import { formatDate, formatMoney, formatNumber, formatPercentBasisPoints } from '@/lib/format';
import { benefitDefinition, exceedsTaxFreeLimit } from '@/lib/schemas/benefit-catalogue';
import type { Account } from '@/lib/schemas/account';
import { DetailList, DetailRow } from '@/components/record/detail-list';

export const ACCOUNT_SECTIONS = ['master', 'address', 'contact', 'benefits', 'notes'] as const;

/** The master data of an account, in sections with ids for the sheet's scrollspy (server component). */
export function AccountDetails({ account, headingLevel = 2 }: { account: Account; headingLevel?: 2 | 3 }) {
  const t = useTranslations('accounts');
  const locale = useLocale();
  const Heading = `h${headingLevel}` as 'h2' | 'h3';
  const none = t('fields.none');
  const amount = (code: string, cents: number) =>
    benefitDefinition(code)?.unit === 'percent' ? formatPercentBasisPoints(cents, locale) : formatMoney(cents, locale);

  return (
    <div className="account-details">
      <section id="master" aria-labelledby="master-heading" className="mb-4">
        <Heading id="master-heading" className="h5">
          {t('sections.master')}
        </Heading>
        <DetailList>
          <DetailRow label={t('fields.customerNumber')}>{account.customerNumber}</DetailRow>
          <DetailRow label={t('fields.name')}>{account.name}</DetailRow>
          <DetailRow label={t('fields.legalForm')}>{account.legalForm}</DetailRow>
          <DetailRow label={t('fields.status')}>
            <StatusBadge kind="account" status={account.status} />
          </DetailRow>
          <DetailRow label={t('fields.parent')}>
            {account.parentId ? <Link href={hrefs.account(account.parentId)}>{account.parentName}</Link> : none}
          </DetailRow>
          <DetailRow label={t('fields.distributor')}>{account.distributorName ?? t('noDistributor')}</DetailRow>
          <DetailRow label={t('fields.vatId')}>{account.vatId ?? none}</DetailRow>
          <DetailRow label={t('fields.employeeCount')}>{formatNumber(account.employeeCount, locale)}</DetailRow>
          <DetailRow label={t('fields.childCount')}>{formatNumber(account.childCount, locale)}</DetailRow>
          <DetailRow label={t('fields.createdAt')}>{formatDate(account.createdAt, locale)}</DetailRow>
          <DetailRow label={t('fields.updatedAt')}>{formatDate(account.updatedAt, locale)}</DetailRow>
        </DetailList>
      </section>
      <section id="address" aria-labelledby="address-heading" className="mb-4">
        <Heading id="address-heading" className="h5">
          {t('sections.address')}
        </Heading>
        <address className="mb-0">
          {account.street || none}
          <br />
          {[account.zip, account.city].filter(Boolean).join(' ') || none}
          <br />
          {account.country}
        </address>
      </section>
      <section id="contact" aria-labelledby="contact-heading" className="mb-4">
        <Heading id="contact-heading" className="h5">
          {t('sections.contact')}
        </Heading>
        <DetailList>
          <DetailRow label={t('fields.contactName')}>{account.contactName || none}</DetailRow>
          <DetailRow label={t('fields.contactEmail')}>
            {account.contactEmail ? <a href={`mailto:${account.contactEmail}`}>{account.contactEmail}</a> : none}
          </DetailRow>
          <DetailRow label={t('fields.contactPhone')}>{account.contactPhone || none}</DetailRow>
        </DetailList>
      </section>
      <section id="benefits" aria-labelledby="benefits-heading" className="mb-4">
        <Heading id="benefits-heading" className="h5">
          {t('sections.benefits')}
        </Heading>
        {account.benefits.length === 0 ? (
          <p className="text-body-secondary">{t('benefits.empty')}</p>
        ) : (
          <table className="table table-sm align-middle">
            <tbody>
              {account.benefits.map((benefit) => {
                const definition = benefitDefinition(benefit.code);
                const isOver = exceedsTaxFreeLimit(benefit.code, benefit.amountCents);
                return (
                  <tr key={benefit.code}>
                    <th scope="row" className="fw-normal">
                      {definition ? t(`benefits.labels.${definition.code as 'sachbezug'}`) : benefit.code}
                    </th>
                    <td className="text-end text-nowrap">{amount(benefit.code, benefit.amountCents)}</td>
                    <td className="text-body-secondary">
                      {definition ? t(`benefits.units.${definition.unit}`) : benefit.unit}
                    </td>
                    <td>
                      {isOver && definition?.limitCents != null && (
                        <span className="badge text-bg-warning">
                          {definition.limitKind === 'min'
                            ? t('benefits.underMinimum', { limit: amount(benefit.code, definition.limitCents) })
                            : t('benefits.overLimit', { limit: amount(benefit.code, definition.limitCents) })}
                        </span>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        )}
      </section>
      <section id="notes" aria-labelledby="notes-heading" className="mb-4">
        <Heading id="notes-heading" className="h5">
          {t('sections.notes')}
        </Heading>
        <p className="mb-0" style={{ whiteSpace: 'pre-wrap' }}>
          {account.notes || none}
        </p>
      </section>
    </div>
  );
}
