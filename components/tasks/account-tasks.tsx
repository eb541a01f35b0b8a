import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { DataTable } from '@/components/ui/data-table';
import { getMe } from '@/lib/api-client/server';
import { listTasks } from '@/lib/api-client/tasks.server';
import { hasScope } from '@/lib/auth/has-scope';
import { hrefs } from '@/lib/hrefs';
import { parseListParams } from '@/lib/list-params';
import { isStaff } from '@/lib/schemas/roles';
import { TASK_SORT_FIELDS } from '@/lib/schemas/task';
import { taskColumns, taskRowClassName } from './task-columns';
import { LazyTaskStatusSelect } from './task-status-select-lazy';

const ACCOUNT_TASKS_LIMIT = 20;

/**
 * The Aufgaben tab of an account (a server component that loads its own rows): the account's tasks
 * in reach (admin and back office: all of them; others: the ones they created or were given),
 * unfinished first by due date, with the quick status change and a link to a new task about it.
 */
export async function AccountTasks({ accountId, isArchived }: { accountId: string; isArchived: boolean }) {
  const me = await getMe();
  const query = {
    view: isStaff(me.role) ? ('all' as const) : ('mine' as const),
    accountId,
    perPage: ACCOUNT_TASKS_LIMIT,
    sort: 'dueDate' as const,
    order: 'asc' as const,
  };
  const [list, t, locale] = await Promise.all([listTasks(query), getTranslations('tasks'), getLocale()]);
  const canWrite = hasScope(me.scope, 'tasks.write');
  const params = parseListParams({}, { sortFields: TASK_SORT_FIELDS, defaultSort: 'dueDate' });
  return (
    <section data-testid="account-tasks">
      {canWrite && !isArchived && (
        <Link href={hrefs.taskNew({ accountId })} className="btn btn-outline-primary mb-3">
          {t('account.new')}
        </Link>
      )}
      <ClientMessages namespaces={['tasks.status', 'tasks.quickStatus']}>
        <DataTable
          columns={taskColumns(t, locale, canWrite, LazyTaskStatusSelect)}
          rows={list.items}
          rowKey={(row) => row.id}
          rowClassName={taskRowClassName}
          total={list.total}
          params={params}
          pathname={hrefs.account(accountId)}
          caption={t('account.caption')}
          showPagination={false}
          isFiltered={false}
        />
      </ClientMessages>
      {list.total > list.items.length && (
        <Link href={hrefs.tasks({ view: query.view === 'all' ? 'all' : undefined })}>{t('account.showAll')}</Link>
      )}
    </section>
  );
}
