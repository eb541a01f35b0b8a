import type { ComponentType } from 'react';
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
  // Every column gives plain data: the rows reach the browser as compact data (issue 50).
  return [
    {
      key: 'title',
      header: t('columns.title'),
      sortField: 'title',
      isRowHeader: true,
      value: (row) => ({ href: hrefs.task(row.id), text: row.title }),
    },
    {
      key: 'status',
      header: t('columns.status'),
      sortField: 'status',
      className: 'text-nowrap',
      Cell: StatusSelect,
      value: (row) => ({
        client: {
          id: row.id,
          title: row.title,
          status: row.status,
          version: row.version,
          ...(canWrite ? {} : { disabled: true }),
        } satisfies TaskStatusSelectProps,
      }),
    },
    {
      key: 'priority',
      header: t('columns.priority'),
      sortField: 'priority',
      className: 'd-none d-md-table-cell',
      value: (row) => t(`priority.${row.priority}`),
    },
    {
      key: 'dueDate',
      header: t('columns.dueDate'),
      sortField: 'dueDate',
      className: 'text-nowrap',
      value: (row) => {
        if (!row.dueDate) return { text: t('noDueDate'), muted: true };
        const text = formatDueDate(row.dueDate, locale);
        return row.isOverdue ? { text, note: { variant: 'danger', text: t('overdue'), testId: 'overdue' } } : text;
      },
    },
    { key: 'assignee', header: t('columns.assignee'), value: (row) => row.assignee.name },
    {
      key: 'createdBy',
      header: t('columns.createdBy'),
      className: 'd-none d-lg-table-cell',
      value: (row) => row.createdBy.name,
    },
    {
      key: 'account',
      header: t('columns.account'),
      className: 'd-none d-lg-table-cell',
      value: (row) => (row.account ? { href: hrefs.account(row.account.id), text: row.account.name } : t('noAccount')),
    },
  ];
}

/** Overdue open tasks are highlighted (SPEC §2 Task). */
export const taskRowClassName = (row: TaskListItem) => (row.isOverdue ? 'table-danger' : undefined);
