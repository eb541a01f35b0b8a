import 'server-only';
import { getTranslations } from 'next-intl/server';
import { defineList, listQueryBase } from '@/components/ui/list/list-descriptor';
import { tasksApi } from '@/lib/api-client/tasks';
import { listTasks } from '@/lib/api-client/tasks.server';
import { hrefs } from '@/lib/hrefs';
import { isStaff } from '@/lib/schemas/roles';
import {
  TASK_PRIORITIES,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  TASK_STATUS_FILTERS,
  type TaskListItem,
  type TaskListQuery,
} from '@/lib/schemas/task';
import { TASK_DUE_FILTERS } from '@/lib/schemas/task-due';
import { hasScope } from '@/lib/auth/has-scope';
import { taskColumns, taskRowClassName } from './task-columns';
import { selectionUi } from '@/components/ui/selection/selection-ui';
import { TaskStatusSelect } from './task-status-select';

export const TASK_VIEWS = ['assigned', 'todo', 'delegated', 'all'] as const;
export type TaskView = (typeof TASK_VIEWS)[number];
/** Each tab opens on what needs doing; "Alle Status" (`status=all`) lifts it. */
const DEFAULT_STATUS = 'not_done';
const ALL_STATUSES = 'all';

/** The tabs a user sees: "Alle" only for staff. */
export const taskViews = (role: string): TaskView[] =>
  TASK_VIEWS.filter((view) => view !== 'all' || isStaff(role as Parameters<typeof isStaff>[0]));

/** The task list (SPEC §3 `/tasks/`): tabs by view, filters status, priority and due, the quick status change, bulk actions. */
export const taskList = defineList({
  id: 'tasks',
  path: hrefs.tasks(),
  namespace: 'tasks',
  translate: () => getTranslations('tasks'),
  sortFields: TASK_SORT_FIELDS,
  defaultSort: 'dueDate',
  filters: ['view', 'status', 'priority', 'due'],
  filterValues: {
    view: TASK_VIEWS,
    status: [...TASK_STATUS_FILTERS, ALL_STATUSES],
    priority: TASK_PRIORITIES,
    due: TASK_DUE_FILTERS,
  },
  viewFilters: ['view'],
  query: (params, me): Partial<TaskListQuery> => {
    if (params.filters.view && !taskViews(me.role).includes(params.filters.view as TaskView))
      delete params.filters.view;
    const status = params.filters.status ?? DEFAULT_STATUS;
    return {
      view: (params.filters.view ?? 'assigned') as TaskView,
      ...listQueryBase<NonNullable<TaskListQuery['sort']>>(params),
      status: status === ALL_STATUSES ? undefined : (status as TaskListQuery['status']),
      priority: params.filters.priority as TaskListQuery['priority'],
      due: params.filters.due as TaskListQuery['due'],
    };
  },
  load: listTasks,
  api: tasksApi,
  listKey: (query) => `tasks:${query.view}`,
  toolbarFilters: ({ t }) => [
    {
      name: 'status',
      label: t('filters.status'),
      allLabel: t('filters.allStatuses'),
      defaultValue: DEFAULT_STATUS,
      options: [
        ['not_done', t('statusFilter.not_done')] as const,
        ...TASK_STATUSES.map((status) => [status, t(`status.${status}`)] as const),
      ],
    },
    {
      name: 'priority',
      label: t('filters.priority'),
      allLabel: t('filters.allPriorities'),
      options: TASK_PRIORITIES.map((priority) => [priority, t(`priority.${priority}`)] as const),
    },
    {
      name: 'due',
      label: t('filters.due'),
      allLabel: t('filters.allDue'),
      options: TASK_DUE_FILTERS.map((due) => [due, t(`due.${due}`)] as const),
    },
  ],
  columns: ({ t, locale, me }) => taskColumns(t, locale, hasScope(me.scope, 'tasks.write'), TaskStatusSelect),
  nameColumn: 'title',
  cardColumns: ['status', 'dueDate', 'assignee'],
  rowClassName: taskRowClassName,
  clientMessages: ['tasks.status', 'tasks.quickStatus'],
  selection: { ui: selectionUi, rowLabel: (row: TaskListItem) => row.title, rowVersion: (row) => row.version },
  bulkActions: ({ t, me }) =>
    hasScope(me.scope, 'tasks.write')
      ? [
          {
            action: 'set_status',
            label: t('bulk.setStatus'),
            param: {
              kind: 'select',
              name: 'status',
              label: t('bulk.statusLabel'),
              options: TASK_STATUSES.map((status) => [status, t(`status.${status}`)] as const),
            },
          },
          {
            action: 'reassign',
            label: t('bulk.reassign'),
            param: {
              kind: 'remoteSelect',
              name: 'assigneeId',
              label: t('bulk.assigneeLabel'),
              optionsPath: tasksApi.assigneesPath({ perPage: 50 }),
            },
          },
          {
            action: 'set_priority',
            label: t('bulk.setPriority'),
            param: {
              kind: 'select',
              name: 'priority',
              label: t('bulk.priorityLabel'),
              options: TASK_PRIORITIES.map((priority) => [priority, t(`priority.${priority}`)] as const),
            },
          },
          { action: 'delete', label: t('bulk.delete'), isDestructive: true },
        ]
      : [],
});
