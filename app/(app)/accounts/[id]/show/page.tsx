import { hrefs } from '@/lib/hrefs';
import { getAccount } from '@/lib/api-client/accounts.server';
import { recordId } from '@/lib/api-client/record-id';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { ACCOUNT_SECTIONS, AccountDetails } from '@/components/accounts/account-details';
import { PrintButton } from './_components/print-button';
import { SectionNav } from './_components/section-nav';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const id = await recordId(props.params);
  const [account, t] = await Promise.all([getAccount(id), getTranslations('accounts')]);
  return { title: t('sheetTitle', { name: account.name }) };
}

/** The read-only master-data sheet (Stammdatenblatt), made to be printed. */
export default async function AccountSheetPage(props: Props) {
  const id = await recordId(props.params);
  const [account, t] = await Promise.all([getAccount(id), getTranslations('accounts')]);
  return (
    <div className="row">
      <div className="col-lg-3 d-none d-lg-block">
        <SectionNav
          label={t('sheetTitle', { name: account.name })}
          sections={ACCOUNT_SECTIONS.map((section) => ({ id: section, label: t(`sections.${section}`) }))}
        />
      </div>
      <article className="col-lg-9 account-sheet">
        <div className="d-flex flex-wrap justify-content-between align-items-start gap-2 mb-3">
          <div>
            <h1 className="h3 mb-1">{t('sheetTitle', { name: account.name })}</h1>
            <p className="text-body-secondary mb-0">{account.customerNumber}</p>
          </div>
          <div className="d-flex gap-2 d-print-none">
            <Link href={hrefs.account(account.id)} className="btn btn-outline-secondary">
              {t('actions.back')}
            </Link>
            <PrintButton label={t('actions.print')} />
          </div>
        </div>
        <AccountDetails account={account} />
      </article>
    </div>
  );
}
