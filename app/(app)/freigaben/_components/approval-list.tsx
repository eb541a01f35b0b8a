import 'server-only';
import { getTranslations } from 'next-intl/server';
import { defineList, listQueryBase } from '@/components/ui/list/list-descriptor';
import { statusBadgeValue } from '@/components/ui/status-badge';
import { approvalsApi } from '@/lib/api-client/approvals';
import { listApprovals } from '@/lib/api-client/approvals.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import {
  APPROVAL_KINDS,
  APPROVAL_SORT_FIELDS,
  APPROVAL_STATUSES,
  type ApprovalListItem,
  type ApprovalListQuery,
} from '@/lib/schemas/approval';
import { ApprovalDecisionButton, type ApprovalDecisionButtonProps } from './approval-decision-button';
import { selectionUi } from '@/components/ui/selection/selection-ui';

const STATUS_FILTER = [...APPROVAL_STATUSES, 'all'] as const;

/**
 * The approvals in reach; "Offen" unless another status is chosen (the API's default too). Deciders
 * decide other people's requests in a dialog with the diff, or several at once under the four-eyes
 * rule (one's own requests answer "keine Berechtigung"); requesters withdraw their own.
 */
export const approvalList = defineList({
  id: 'approvals',
  path: hrefs.approvals(),
  namespace: 'approvals',
  translate: () => getTranslations('approvals'),
  sortFields: APPROVAL_SORT_FIELDS,
  defaultSort: 'requestedAt',
  filters: ['status', 'kind', 'mine'],
  filterValues: { status: STATUS_FILTER, kind: APPROVAL_KINDS, mine: ['true'] },
  query: (params): Partial<ApprovalListQuery> => ({
    ...listQueryBase<NonNullable<ApprovalListQuery['sort']>>(params),
    status: (params.filters.status ?? 'pending') as ApprovalListQuery['status'],
    kind: params.filters.kind as ApprovalListQuery['kind'],
    mine: params.filters.mine === 'true' ? true : undefined,
  }),
  load: listApprovals,
  api: approvalsApi,
  toolbarFilters: ({ t, tRoot }) => [
    {
      name: 'status',
      label: t('filters.status'),
      // "Offen" is the default, so the "no filter" choice is spelled out as "all".
      allLabel: tRoot('status.approval.pending'),
      options: [
        ...APPROVAL_STATUSES.filter((code) => code !== 'pending').map(
          (code) => [code, tRoot(`status.approval.${code}`)] as const,
        ),
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
  ],
  nameColumn: 'entity',
  cardColumns: ['kind', 'status', 'requestedBy'],
  // Every column gives plain data: the rows reach the browser as compact data (issue 50).
  columns: ({ t, tRoot, me, locale }) => [
    {
      key: 'entity',
      header: t('columns.entity'),
      sortField: 'entityLabel',
      isRowHeader: true,
      value: (row: ApprovalListItem) => ({ href: hrefs.approval(row.id), text: row.entityLabel }),
    },
    { key: 'kind', header: t('columns.kind'), sortField: 'kind', value: (row) => t(`kind.${row.kind}`) },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      value: (row) => statusBadgeValue(tRoot, 'approval', row.status),
    },
    {
      key: 'requestedBy',
      header: t('columns.requestedBy'),
      className: 'd-none d-md-table-cell',
      value: (row) => row.requestedBy.name,
    },
    {
      key: 'requestedAt',
      header: t('columns.requestedAt'),
      sortField: 'requestedAt',
      className: 'text-nowrap d-none d-lg-table-cell',
      value: (row) => formatDateTime(row.requestedAt, locale),
    },
    {
      key: 'actions',
      header: t('columns.actions'),
      isHeaderHidden: true,
      className: 'text-end',
      Cell: ApprovalDecisionButton,
      value: (row) => {
        if (row.status !== 'pending') return null;
        const mode =
          row.requestedBy.id === me.id ? 'withdraw' : hasScope(me.scope, 'approvals.decide') ? 'decide' : null;
        // Only what the button and its dialog read: the dialog loads the approval itself.
        const approval = { id: row.id, entityLabel: row.entityLabel };
        return mode ? { client: { approval, mode, size: 'sm' } satisfies ApprovalDecisionButtonProps } : null;
      },
    },
  ],
  selection: { ui: selectionUi, rowLabel: (row: ApprovalListItem, { t }) => t(`kind.${row.kind}`) },
  bulkActions: ({ t, me }) =>
    hasScope(me.scope, 'approvals.decide')
      ? [
          {
            action: 'approve',
            label: t('bulk.approve'),
            param: { kind: 'text', name: 'comment', label: t('bulk.commentLabel'), maxLength: 2000 },
          },
          {
            action: 'reject',
            label: t('bulk.reject'),
            isDestructive: true,
            param: {
              kind: 'text',
              name: 'comment',
              label: t('bulk.rejectCommentLabel'),
              isRequired: true,
              maxLength: 2000,
            },
          },
        ]
      : [],
  // The decision dialog shows Feld / Vorher / Nachher in the browser: it needs the field and value labels.
  // Only the parts of `approvals` the button and its dialog read (issue 50: each byte is in the payload).
  clientMessages: [
    'approvals.actions',
    'approvals.detail',
    'approvals.dialog',
    'approvals.toasts',
    'approvals.kind',
    'approvals.fields',
    'status.account',
    'status.user',
    'status.approval',
    'roles',
    'accounts.benefits.labels',
    'accounts.fields',
    'users.fields',
  ],
});
