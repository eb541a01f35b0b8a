import type { ComponentType } from 'react';
import Link from 'next/link';
import type { getTranslations } from 'next-intl/server';
import type { DataTableColumn } from '@/components/ui/data-table';
import type { FormatLocale } from '@/lib/format';
import { formatDueDate } from './format-due-date';
import { hrefs } from '@/lib/hrefs';
import type { TaskListItem } from '@/lib/schemas/task';
import type { TaskStatusSelectProps } from './task-status-select';

type Translate = Awaited<ReturnType<typeof getTranslations<'tasks'>>>;

/**
 * The columns of every task table (the list, an account's Aufgaben tab): the title links to the
 * task, the status is the quick status change for writers (a client select), overdue tasks say so
 * beside their date (the row is highlighted as well, see `taskRowClassName`). `StatusSelect` is the
 * select itself (`TaskStatusSelect`, or `LazyTaskStatusSelect` on a page where the table is one tab
 * among others): this module imports neither, so a page ships only the one it renders (issue 30).
 */
export function taskColumns(
  t: Translate,
  locale: FormatLocale,
  canWrite: boolean,
  StatusSelect: ComponentType<TaskStatusSelectProps>,
): DataTableColumn<TaskListItem>[] {
  return [
    {
      key: 'title',
      header: t('columns.title'),
      sortField: 'title',
      isRowHeader: true,
      cell: (row) => (
        <Link href={hrefs.task(row.id)} prefetch={false} className="text-break">
          {row.title}
        </Link>
      ),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      className: 'text-nowrap',
      cell: (row) => (
        <StatusSelect
          key={`${row.id}-${row.version}`}
          id={row.id}
          title={row.title}
          status={row.status}
          version={row.version}
          disabled={!canWrite}
        />
      ),
    },
    {
      key: 'priority',
      header: t('columns.priority'),
      sortField: 'priority',
      className: 'd-none d-md-table-cell',
      cell: (row) => t(`priority.${row.priority}`),
    },
    {
      key: 'dueDate',
      header: t('columns.dueDate'),
      sortField: 'dueDate',
      className: 'text-nowrap',
      cell: (row) =>
        row.dueDate ? (
          <>
            {formatDueDate(row.dueDate, locale)}
            {row.isOverdue ? (
              <span className="badge text-bg-danger ms-2" data-testid="overdue">
                {t('overdue')}
              </span>
            ) : null}
          </>
        ) : (
          <span className="text-body-secondary">{t('noDueDate')}</span>
        ),
    },
    { key: 'assignee', header: t('columns.assignee'), cell: (row) => row.assignee.name },
    {
      key: 'createdBy',
      header: t('columns.createdBy'),
      className: 'd-none d-lg-table-cell',
      cell: (row) => row.createdBy.name,
    },
    {
      key: 'account',
      header: t('columns.account'),
      className: 'd-none d-lg-table-cell',
      cell: (row) =>
        row.account ? (
          <Link href={hrefs.account(row.account.id)} prefetch={false}>
            {row.account.name}
          </Link>
        ) : (
          t('noAccount')
        ),
    },
  ];
}

/** Overdue open tasks are highlighted (SPEC §2 Task). */
export const taskRowClassName = (row: TaskListItem) => (row.isOverdue ? 'table-danger' : undefined);
