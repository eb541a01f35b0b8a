import { listChanges } from '@/lib/api-client/approvals.server';
import { AsOfPanel } from '@/components/history/as-of-panel';
import { whitelistApi } from '@/lib/api-client/whitelist';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ChangeTable } from '@/components/history/change-table';
import { ClientMessages } from '@/components/layout/client-messages';
import { DetailList, DetailRow } from '@/components/record/detail-list';
import { TabsNav } from '@/components/ui/tabs-nav';
import { WhitelistEntryEditor } from '@/components/whitelist/whitelist-entry-editor';
import { recordId } from '@/lib/api-client/record-id';
import { getMe } from '@/lib/api-client/server';
import { getWhitelistEntry } from '@/lib/api-client/whitelist.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDate, formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import { WhitelistDeleteButton } from './_components/whitelist-delete-button';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ tab?: string | string[]; asOf?: string | string[] }>;
};

const TABS = ['overview', 'edit', 'history'] as const;
type Tab = (typeof TABS)[number];
const HISTORY_TAB_ROWS = 20;

export async function generateMetadata(props: Props): Promise<Metadata> {
  const entry = await getWhitelistEntry(await recordId(props.params));
  return { title: entry.displayValue };
}

/** One whitelist entry: its data, the edit form and delete for writers, and its history. */
export default async function WhitelistEntryPage(props: Props) {
  const [id, searchParams] = await Promise.all([recordId(props.params), props.searchParams]);
  const [entry, me, t, tHistory, locale] = await Promise.all([
    getWhitelistEntry(id),
    getMe(),
    getTranslations('whitelist'),
    getTranslations('history'),
    getLocale(),
  ]);
  const canWrite = hasScope(me.scope, 'whitelist.write');
  const canReadHistory = hasScope(me.scope, 'history.read');
  const requested = TABS.find((candidate) => candidate === searchParams.tab) ?? 'overview';
  const tab: Tab =
    (requested === 'edit' && !canWrite) || (requested === 'history' && !canReadHistory) ? 'overview' : requested;
  const history = tab === 'history' ? await listChanges({ entityId: id, perPage: HISTORY_TAB_ROWS }) : null;
  const none = t('fields.none');
  const tabHref = (name?: Tab) => `${hrefs.whitelistEntry(id)}${name ? `?tab=${name}` : ''}`;

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.whitelist({ accountId: entry.accountId })}>{t('backToList')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 text-break">{entry.displayValue}</h1>
        <span className="badge text-bg-secondary">{t(`kinds.${entry.kind}`)}</span>
        {entry.isExpired && <span className="badge text-bg-warning">{t('expired')}</span>}
      </div>
      <p className="text-body-secondary mb-3">
        <Link href={hrefs.account(entry.accountId)}>{entry.accountName}</Link>
      </p>
      {canWrite && (
        <div className="mb-3 d-flex gap-2">
          <Link href={tabHref('edit')} className="btn btn-primary">
            {t('actions.edit')}
          </Link>
          <ClientMessages namespaces={['whitelist.actions', 'whitelist.toasts', 'confirmDialog']}>
            <WhitelistDeleteButton
              entry={{ id: entry.id, version: entry.version, value: entry.displayValue }}
              listHref={hrefs.whitelist({ accountId: entry.accountId })}
              recordHref={hrefs.whitelistEntry(entry.id)}
            />
          </ClientMessages>
        </div>
      )}
      <TabsNav
        label={entry.displayValue}
        className="mb-3"
        items={[
          { href: tabHref(), label: t('tabs.overview'), active: tab === 'overview' },
          ...(canWrite ? [{ href: tabHref('edit'), label: t('actions.edit'), active: tab === 'edit' }] : []),
          ...(canReadHistory ? [{ href: tabHref('history'), label: tHistory('tab'), active: tab === 'history' }] : []),
        ]}
      />
      {tab === 'overview' && (
        <AsOfPanel
          apiPath={whitelistApi.detailPath(entry.id)}
          pageHref={hrefs.whitelistEntry(entry.id)}
          asOf={typeof searchParams.asOf === 'string' ? searchParams.asOf : undefined}
          restore={canWrite ? { version: entry.version } : undefined}
        />
      )}
      {tab === 'overview' && (
        <DetailList>
          <DetailRow label={t('fields.value')}>{entry.displayValue}</DetailRow>
          {entry.displayValue !== entry.value && <DetailRow label={t('fields.storedValue')}>{entry.value}</DetailRow>}
          <DetailRow label={t('fields.kind')}>{t(`kinds.${entry.kind}`)}</DetailRow>
          <DetailRow label={t('fields.account')}>
            <Link href={hrefs.account(entry.accountId)}>{entry.accountName}</Link>
          </DetailRow>
          <DetailRow label={t('fields.note')}>{entry.note || none}</DetailRow>
          <DetailRow label={t('fields.validUntil')}>
            {entry.validUntil ? formatDate(`${entry.validUntil}T12:00:00Z`, locale) : t('unlimited')}
          </DetailRow>
          <DetailRow label={t('fields.createdBy')}>{entry.createdByName ?? none}</DetailRow>
          <DetailRow label={t('fields.createdAt')}>{formatDateTime(entry.createdAt, locale)}</DetailRow>
          <DetailRow label={t('fields.updatedAt')}>{formatDateTime(entry.updatedAt, locale)}</DetailRow>
        </DetailList>
      )}
      {tab === 'edit' && (
        <ClientMessages namespaces={['whitelist', 'users.help', 'users.fields', 'users.form', 'form', 'validation']}>
          <WhitelistEntryEditor initial={entry} />
        </ClientMessages>
      )}
      {tab === 'history' && history && (
        <section data-testid="whitelist-history">
          <ChangeTable items={history.items} />
          {history.nextCursor && <Link href={hrefs.changes({ entityId: entry.id })}>{tHistory('tabAll')}</Link>}
        </section>
      )}
    </>
  );
}
