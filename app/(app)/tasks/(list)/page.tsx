import { ListPageHeader } from '@/components/ui/list-page';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { taskColumns, taskRowClassName } from '@/components/tasks/task-columns';
import { DataTable } from '@/components/ui/data-table';
import { ListToolbar } from '@/components/ui/list-toolbar';
import { listBulk } from '@/components/ui/selection/list-bulk';
import { taskBulkActions } from '@/components/tasks/task-bulk-actions';
import { TabsNav } from '@/components/ui/tabs-nav';
import { getMe } from '@/lib/api-client/server';
import { tasksApi } from '@/lib/api-client/tasks';
import { listTasks } from '@/lib/api-client/tasks.server';
import { hasScope } from '@/lib/auth/has-scope';
import { hrefs } from '@/lib/hrefs';
import { hasListFilter, listHref, parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import { isStaff } from '@/lib/schemas/roles';
import {
  TASK_PRIORITIES,
  TASK_SORT_FIELDS,
  TASK_STATUSES,
  TASK_STATUS_FILTERS,
  type TaskListQuery,
} from '@/lib/schemas/task';
import { TASK_DUE_FILTERS } from '@/lib/schemas/task-due';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('tasks');
  return { title: t('title') };
}

const PATH = hrefs.tasks();
const DEFAULT_STATUS = 'not_done';
const ALL_STATUSES = 'all';
const TABS = ['assigned', 'todo', 'delegated', 'all'] as const;

/** The task list (SPEC §3 `/tasks/`): tabs by view, filters status, priority and due, the quick status change. */
export default async function TasksPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const me = await getMe();
  const maySeeAll = isStaff(me.role);
  const tabs = TABS.filter((tab) => tab !== 'all' || maySeeAll);
  const params = parseListParams(await props.searchParams, {
    sortFields: TASK_SORT_FIELDS,
    defaultSort: 'dueDate',
    filters: ['view', 'status', 'priority', 'due'],
    filterValues: {
      view: tabs,
      status: [...TASK_STATUS_FILTERS, ALL_STATUSES],
      priority: TASK_PRIORITIES,
      due: TASK_DUE_FILTERS,
    },
  });
  // Each tab opens on what needs doing; "Alle Status" (`status=all`) lifts it.
  const status = params.filters.status ?? DEFAULT_STATUS;
  const view = (params.filters.view ?? 'assigned') as (typeof TABS)[number];
  const query: Partial<TaskListQuery> = {
    view,
    page: params.page,
    perPage: params.perPage,
    sort: params.sort,
    order: params.order,
    q: params.q || undefined,
    status: status === ALL_STATUSES ? undefined : (status as TaskListQuery['status']),
    priority: params.filters.priority as TaskListQuery['priority'],
    due: params.filters.due as TaskListQuery['due'],
  };
  const [list, t, locale] = await Promise.all([listTasks(query), getTranslations('tasks'), getLocale()]);
  const canWrite = hasScope(me.scope, 'tasks.write');
  const bulk = listBulk({
    listKey: `tasks:${view}`,
    params,
    api: tasksApi,
    query,
    actions: taskBulkActions(t, canWrite),
  });

  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          canWrite ? (
            <Link href={hrefs.taskNew()} className="btn btn-primary">
              {t('new')}
            </Link>
          ) : null
        }
      />
      <TabsNav
        label={t('views.label')}
        className="mb-3"
        items={tabs.map((item) => ({
          href: listHref(PATH, params, { filters: { view: item === 'assigned' ? null : item } }),
          label: t(`views.${item}`),
          active: item === view,
        }))}
      />
      <ClientMessages
        namespaces={['listToolbar', 'pagination', 'tasks.status', 'tasks.quickStatus', 'bulk', 'confirmDialog']}
      >
        <ListToolbar
          searchLabel={t('filters.search')}
          exportHref={tasksApi.exportHref(query)}
          filters={[
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
          ]}
        />
        <DataTable
          columns={taskColumns(t, locale, canWrite)}
          rows={list.items}
          rowKey={(row) => row.id}
          rowClassName={taskRowClassName}
          total={list.total}
          params={params}
          page={list.page}
          perPage={list.perPage}
          pathname={PATH}
          caption={t('caption')}
          isFiltered={hasListFilter(params, ['view'])}
          selection={bulk && { bulk, rowLabel: (row) => row.title, rowVersion: (row) => row.version }}
        />
      </ClientMessages>
    </>
  );
}
