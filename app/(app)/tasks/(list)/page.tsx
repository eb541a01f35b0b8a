import Link from 'next/link';
import { taskList, taskViews } from '@/components/tasks/task-list';
import { ListPageHeader } from '@/components/ui/list-page';
import { listMetadata, loadList } from '@/components/ui/list/load-list';
import { ListView } from '@/components/ui/list/list-view';
import { TabsNav } from '@/components/ui/tabs-nav';
import { hasScope } from '@/lib/auth/has-scope';
import { hrefs } from '@/lib/hrefs';
import { listHref, type SearchParamsRecord } from '@/lib/list-params';

export const generateMetadata = () => listMetadata('tasks');

/** The task list: its tabs by view and "Neu" are the page's own; the rest is `taskList`. */
export default async function TasksPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const context = await loadList(taskList, props.searchParams);
  const { t, me, params, query } = context;
  return (
    <>
      <ListPageHeader
        title={t('title')}
        actions={
          hasScope(me.scope, 'tasks.write') ? (
            <Link href={hrefs.taskNew()} prefetch={false} className="btn btn-primary">
              {t('new')}
            </Link>
          ) : null
        }
      />
      <TabsNav
        label={t('views.label')}
        className="mb-3"
        items={taskViews(me.role).map((item) => ({
          href: listHref(taskList.path, params, { filters: { view: item === 'assigned' ? null : item } }),
          label: t(`views.${item}`),
          active: item === query.view,
        }))}
      />
      <ListView descriptor={taskList} context={context} />
    </>
  );
}
