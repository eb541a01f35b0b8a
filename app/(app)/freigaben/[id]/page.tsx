import { hrefs } from '@/lib/hrefs';
import { getApproval, listChanges } from '@/lib/api-client/approvals.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { FieldDiffTable } from '@/components/history/field-diff-table';
import { ChangeTable } from '@/components/history/change-table';
import { StatusBadge } from '@/components/ui/status-badge';
import { recordId } from '@/lib/api-client/record-id';
import { getMe } from '@/lib/api-client/server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { ApprovalDecisionButton } from '../_components/approval-decision-button';
import { ClientMessages } from '@/components/layout/client-messages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('approvals');
  return { title: t('detailTitle') };
}

/** One approval: what it proposes (Feld / Vorher / Nachher), the entity, its outcome and its history. */
export default async function ApprovalPage(props: Props) {
  const id = await recordId(props.params);
  const [approval, me, t, locale] = await Promise.all([
    getApproval(id),
    getMe(),
    getTranslations('approvals'),
    getLocale(),
  ]);
  const history = hasScope(me.scope, 'history.read')
    ? await listChanges({ entityId: approval.id, order: 'asc', perPage: 100 })
    : null;
  const entityHref =
    approval.entityType === 'account' ? hrefs.account(approval.entityId) : hrefs.user(approval.entityId);
  const isPending = approval.status === 'pending';
  const isOwn = approval.requestedBy.id === me.id;

  return (
    <>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-3">
        <h1 className="h3 mb-0">
          {t(`kind.${approval.kind}`)}: {approval.entityLabel}
        </h1>
        <StatusBadge kind="approval" status={approval.status} />
      </div>
      {isPending && (
        <div className="d-flex gap-2 mb-3 d-print-none">
          <ClientMessages
            namespaces={['approvals', 'status', 'roles', 'accounts.benefits.labels', 'accounts.fields', 'users.fields']}
          >
            {isOwn ? (
              <ApprovalDecisionButton approval={approval} mode="withdraw" />
            ) : (
              hasScope(me.scope, 'approvals.decide') && <ApprovalDecisionButton approval={approval} mode="decide" />
            )}
          </ClientMessages>
        </div>
      )}
      {isPending && !approval.isCurrent && (
        <div className="alert alert-warning" role="status">
          {t('detail.stale')}
        </div>
      )}
      <dl className="row mb-4">
        <dt className="col-sm-3">{t('detail.entity')}</dt>
        <dd className="col-sm-9">
          <Link href={entityHref}>{approval.entityLabel}</Link>
        </dd>
        <dt className="col-sm-3">{t('detail.reason')}</dt>
        <dd className="col-sm-9 text-break">{approval.reason || t('detail.none')}</dd>
        <dt className="col-sm-3">{t('detail.requested')}</dt>
        <dd className="col-sm-9">
          {t('detail.by', { name: approval.requestedBy.name, at: formatDateTime(approval.requestedAt, locale) })}
        </dd>
        {approval.decidedBy && approval.decidedAt && (
          <>
            <dt className="col-sm-3">{t('detail.decided')}</dt>
            <dd className="col-sm-9">
              {t('detail.by', { name: approval.decidedBy.name, at: formatDateTime(approval.decidedAt, locale) })}
            </dd>
          </>
        )}
        {approval.comment && (
          <>
            <dt className="col-sm-3">{t('detail.comment')}</dt>
            <dd className="col-sm-9 text-break">{approval.comment}</dd>
          </>
        )}
      </dl>
      <h2 className="h5">{t('detail.changes')}</h2>
      <FieldDiffTable fields={approval.diff} caption={t('detail.changes')} />
      {history && (
        <>
          <h2 className="h5 mt-4">{t('detail.history')}</h2>
          <ChangeTable items={history.items} />
        </>
      )}
    </>
  );
}
