import { hrefs } from '@/lib/hrefs';
import { listApprovals } from '@/lib/api-client/approvals.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { listBulk } from '@/components/ui/selection/list-bulk';
import { approvalBulkActions } from '../_components/approval-bulk-actions';
import { DataTable, type DataTableColumn } from '@/components/ui/data-table';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { StatusBadge } from '@/components/ui/status-badge';
import { approvalsApi } from '@/lib/api-client/approvals';
import { getMe } from '@/lib/api-client/server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hasListFilter, parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import {
  APPROVAL_KINDS,
  APPROVAL_SORT_FIELDS,
  APPROVAL_STATUSES,
  type ApprovalListItem,
  type ApprovalListQuery,
} from '@/lib/schemas/approval';
import { ApprovalDecisionButton } from '../_components/approval-decision-button';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('approvals');
  return { title: t('title') };
}

const PATH = hrefs.approvals();
const STATUS_FILTER = [...APPROVAL_STATUSES, 'all'] as const;

/**
 * The approvals in reach; "Offen" unless another status is chosen (the API's default too). Deciders
 * decide other people's requests in a dialog with the diff; requesters withdraw their own.
 */
export default async function ApprovalsPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const params = parseListParams(await props.searchParams, {
    sortFields: APPROVAL_SORT_FIELDS,
    defaultSort: 'requestedAt',
    filters: ['status', 'kind', 'mine'],
    filterValues: { status: STATUS_FILTER, kind: APPROVAL_KINDS, mine: ['true'] },
  });
  const status = (params.filters.status ?? 'pending') as ApprovalListQuery['status'];
  const query: Partial<ApprovalListQuery> = {
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    q: params.q || undefined,
    status,
    kind: params.filters.kind as ApprovalListQuery['kind'],
    mine: params.filters.mine === 'true' ? true : undefined,
  };
  const [me, list, t, tStatus, locale] = await Promise.all([
    getMe(),
    listApprovals(query),
    getTranslations('approvals'),
    getTranslations('status.approval'),
    getLocale(),
  ]);
  const canDecide = hasScope(me.scope, 'approvals.decide');
  const bulk = listBulk({
    listKey: 'approvals',
    params,
    api: approvalsApi,
    query,
    actions: approvalBulkActions(t, canDecide),
  });

  const columns: DataTableColumn<ApprovalListItem>[] = [
    {
      key: 'entity',
      header: t('columns.entity'),
      sortField: 'entityLabel',
      isRowHeader: true,
      cell: (row) => (
        <Link href={hrefs.approval(row.id)} prefetch={false}>
          {row.entityLabel}
        </Link>
      ),
    },
    { key: 'kind', header: t('columns.kind'), sortField: 'kind', cell: (row) => t(`kind.${row.kind}`) },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      cell: (row) => <StatusBadge kind="approval" status={row.status} />,
    },
    {
      key: 'requestedBy',
      header: t('columns.requestedBy'),
      className: 'd-none d-md-table-cell',
      cell: (row) => row.requestedBy.name,
    },
    {
      key: 'requestedAt',
      header: t('columns.requestedAt'),
      sortField: 'requestedAt',
      className: 'text-nowrap d-none d-lg-table-cell',
      cell: (row) => formatDateTime(row.requestedAt, locale),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      isHeaderHidden: true,
      className: 'text-end',
      cell: (row) => {
        if (row.status !== 'pending') return null;
        if (row.requestedBy.id === me.id) return <ApprovalDecisionButton approval={row} mode="withdraw" size="sm" />;
        return canDecide ? <ApprovalDecisionButton approval={row} mode="decide" size="sm" /> : null;
      },
    },
  ];

  return (
    <>
      <h1 className="h3 mb-3">{t('title')}</h1>
      {/* The decision dialog shows Feld / Vorher / Nachher in the browser: it needs the field and value labels. */}
      <ClientMessages
        namespaces={[
          'bulk',
          'confirmDialog',
          'listToolbar',
          'pagination',
          'approvals',
          'status',
          'roles',
          'accounts.benefits.labels',
          'accounts.fields',
          'users.fields',
        ]}
      >
        <ListToolbar
          searchLabel={t('filters.search')}
          exportHref={approvalsApi.exportHref(query)}
          filters={[
            {
              name: 'status',
              label: t('filters.status'),
              // "Offen" is the default, so the "no filter" choice is spelled out as "all".
              allLabel: tStatus('pending'),
              options: [
                ...APPROVAL_STATUSES.filter((code) => code !== 'pending').map((code) => [code, tStatus(code)] as const),
                ['all', t('filters.allStatuses')] as const,
              ],
            },
            {
              name: 'kind',
              label: t('filters.kind'),
              allLabel: t('filters.allKinds'),
              options: APPROVAL_KINDS.map((kind) => [kind, t(`kind.${kind}`)] as const),
            },
            { type: 'checkbox', name: 'mine', label: t('filters.mine') },
          ]}
        />
        <DataTable
          columns={columns}
          rows={list.items}
          rowKey={(row) => row.id}
          total={list.total}
          params={params}
          page={list.page}
          perPage={list.perPage}
          pathname={PATH}
          caption={t('caption')}
          isFiltered={hasListFilter(params)}
          selection={bulk && { bulk, rowLabel: (row) => t(`kind.${row.kind}`) }}
        />
      </ClientMessages>
    </>
  );
}
