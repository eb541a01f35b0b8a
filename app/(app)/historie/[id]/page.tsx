import { hrefs } from '@/lib/hrefs';
import { getChange } from '@/lib/api-client/approvals.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { FieldDiffTable } from '@/components/history/field-diff-table';
import { recordId } from '@/lib/api-client/record-id';
import { getMe } from '@/lib/api-client/server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import type { Change } from '@/lib/schemas/change';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('history');
  return { title: t('detailTitle') };
}

/** Where an entity of the history lives in the app, if it has a page yet. */
function entityHref(change: Pick<Change, 'entityType' | 'entityId' | 'fields'>): string | null {
  // The whitelist's import records its counts under the id of its stored report (issue 49).
  if (change.entityType === 'whitelist_entry' && change.fields.some((entry) => entry.field === 'imported')) {
    return hrefs.importReport(change.entityId);
  }
  switch (change.entityType) {
    case 'account':
      return hrefs.account(change.entityId);
    case 'user':
      return hrefs.user(change.entityId);
    case 'approval':
      return hrefs.approval(change.entityId);
    case 'document':
      return hrefs.document(change.entityId);
    case 'import':
      return hrefs.importReport(change.entityId);
    default:
      return null;
  }
}

/**
 * The record's page with its state just before the entry (issue 51): "Stand am …" there shows it and,
 * for those who may edit the record, offers "Diesen Stand wiederherstellen". Only for a change of a
 * record that has such a page (not its creation, deletion or restore).
 */
function stateBeforeHref(change: Pick<Change, 'entityType' | 'entityId' | 'action' | 'at'>): string | null {
  if (change.action !== 'update' && change.action !== 'status_change') return null;
  const asOf = new Date(new Date(change.at).getTime() - 1).toISOString();
  switch (change.entityType) {
    case 'account':
      return hrefs.account(change.entityId, { asOf });
    case 'user':
      return `${hrefs.user(change.entityId)}?asOf=${encodeURIComponent(asOf)}`;
    case 'document':
      return `${hrefs.document(change.entityId)}?asOf=${encodeURIComponent(asOf)}`;
    case 'task':
      return `${hrefs.task(change.entityId)}?asOf=${encodeURIComponent(asOf)}`;
    case 'whitelist_entry':
      return `${hrefs.whitelistEntry(change.entityId)}?asOf=${encodeURIComponent(asOf)}`;
    default:
      return null;
  }
}

/** One history entry: Feld / Vorher / Nachher, with links to the entity and the approval. */
export default async function ChangePage(props: Props) {
  const id = await recordId(props.params);
  const [change, me, t, locale] = await Promise.all([getChange(id), getMe(), getTranslations('history'), getLocale()]);
  const href = entityHref(change);
  const stateBefore = stateBeforeHref(change);
  const showApproval = change.approvalId && change.entityType !== 'approval' && hasScope(me.scope, 'approvals.read');

  return (
    <>
      <h1 className="h3 mb-3">
        {t(`action.${change.action}`)}: {change.entityLabel}
      </h1>
      <dl className="row mb-4">
        <dt className="col-sm-3">{t('detail.at')}</dt>
        <dd className="col-sm-9">{formatDateTime(change.at, locale)}</dd>
        <dt className="col-sm-3">{t('detail.actor')}</dt>
        <dd className="col-sm-9">{change.actor.id ? change.actor.name : t('detail.system')}</dd>
        <dt className="col-sm-3">{t('detail.entity')}</dt>
        <dd className="col-sm-9">
          {t(`entityType.${change.entityType}`)}:{' '}
          {href ? <Link href={href}>{change.entityLabel}</Link> : change.entityLabel}
        </dd>
      </dl>
      {stateBefore && (
        <p>
          <Link href={stateBefore} prefetch={false} data-testid="state-before">
            {t('detail.stateBefore')}
          </Link>
        </p>
      )}
      {showApproval && (
        <p>
          <Link href={hrefs.approval(change.approvalId!)}>{t('detail.approval')}</Link>
        </p>
      )}
      {change.fields.length > 0 ? (
        <FieldDiffTable fields={change.fields} caption={t('detailTitle')} />
      ) : (
        <p className="text-body-secondary">{t('detail.noFields')}</p>
      )}
    </>
  );
}
