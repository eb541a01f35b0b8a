import { listChanges } from '@/lib/api-client/approvals.server';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ChangeTable } from '@/components/history/change-table';
import { ClientMessages } from '@/components/layout/client-messages';
import { DetailList, DetailRow } from '@/components/record/detail-list';
import { formatDueDate } from '@/components/tasks/format-due-date';
import { loadTaskOptions } from '@/components/tasks/load-task-options';
import { TaskDeleteButton } from '@/components/tasks/task-delete-button';
import { TaskEditor } from '@/components/tasks/task-editor';
import { AsOfPanel } from '@/components/history/as-of-panel';
import { tasksApi } from '@/lib/api-client/tasks';
import { StatusBadge } from '@/components/ui/status-badge';
import { TabsNav } from '@/components/ui/tabs-nav';
import { recordId } from '@/lib/api-client/record-id';
import { getMe } from '@/lib/api-client/server';
import { getTask } from '@/lib/api-client/tasks.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';
import { isStaff } from '@/lib/schemas/roles';

type Props = { params: Promise<{ id: string }>; searchParams: Promise<SearchParamsRecord> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const task = await getTask(await recordId(props.params));
  return { title: task.title };
}

/** One task (SPEC §3 `/tasks/{id}/`): inline edit for those who may write, the Historie tab. */
export default async function TaskPage(props: Props) {
  const id = await recordId(props.params);
  const [task, me, t, locale, searchParams] = await Promise.all([
    getTask(id),
    getMe(),
    getTranslations('tasks'),
    getLocale(),
    props.searchParams,
  ]);
  const canWrite = hasScope(me.scope, 'tasks.write');
  const canDelete = canWrite && (isStaff(me.role) || task.createdBy.id === me.id);
  const canReadHistory = hasScope(me.scope, 'history.read');
  const tab = searchParams.tab === 'history' && canReadHistory ? 'history' : 'overview';
  const [options, history] = await Promise.all([
    tab === 'overview' && canWrite ? loadTaskOptions(task) : null,
    tab === 'history' ? listChanges({ entityId: id, perPage: 20 }) : null,
  ]);

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.tasks()}>{t('detail.backToList')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0 text-break">{task.title}</h1>
        <StatusBadge kind="task" status={task.status} />
        {task.isOverdue && <span className="badge text-bg-danger">{t('overdue')}</span>}
      </div>
      <p className="text-body-secondary mb-3">
        {t('columns.assignee')}: {task.assignee.name} · {t('columns.createdBy')}: {task.createdBy.name}
      </p>
      {canReadHistory && (
        <TabsNav
          label={t('detail.tabsLabel')}
          className="mb-3"
          items={[
            { href: hrefs.task(id), label: t('detail.overview'), active: tab === 'overview' },
            { href: `${hrefs.task(id)}?tab=history`, label: t('detail.history'), active: tab === 'history' },
          ]}
        />
      )}

      {tab === 'history' && history ? (
        <section aria-label={t('detail.historyCaption')} data-testid="task-history">
          <ChangeTable items={history.items} />
          {history.nextCursor && <Link href={hrefs.changes({ entityId: id })}>{t('detail.history')}</Link>}
        </section>
      ) : (
        <>
          <AsOfPanel
            apiPath={tasksApi.detailPath(task.id)}
            pageHref={hrefs.task(task.id)}
            asOf={typeof searchParams.asOf === 'string' ? searchParams.asOf : undefined}
            restore={canWrite ? { version: task.version } : undefined}
          />
          <DetailList>
            <DetailRow label={t('fields.priority')}>{t(`priority.${task.priority}`)}</DetailRow>
            <DetailRow label={t('fields.dueDate')}>
              {task.dueDate ? formatDueDate(task.dueDate, locale) : t('noDueDate')}
            </DetailRow>
            <DetailRow label={t('fields.accountId')}>
              {task.account ? <Link href={hrefs.account(task.account.id)}>{task.account.name}</Link> : t('noAccount')}
            </DetailRow>
            <DetailRow label={t('fields.description')}>
              <span className="text-break">
                {task.description
                  ? task.description.split('\n').map((line, index) => (
                      <span key={index} className="d-block">
                        {line}
                      </span>
                    ))
                  : t('none')}
              </span>
            </DetailRow>
            <DetailRow label={t('fields.completedAt')}>
              {task.completedAt ? formatDateTime(task.completedAt, locale) : t('none')}
            </DetailRow>
            <DetailRow label={t('fields.createdAt')}>{formatDateTime(task.createdAt, locale)}</DetailRow>
            <DetailRow label={t('fields.updatedAt')}>{formatDateTime(task.updatedAt, locale)}</DetailRow>
          </DetailList>
          {canWrite && options && (
            <ClientMessages namespaces={['tasks', 'form', 'validation', 'confirmDialog']}>
              <TaskEditor
                key={task.version}
                initial={task}
                me={{ id: me.id, name: `${me.firstName} ${me.lastName}` }}
                assignees={options.assignees}
                accounts={options.accounts}
              >
                {canDelete && (
                  <TaskDeleteButton
                    id={task.id}
                    version={task.version}
                    title={task.title}
                    listHref={hrefs.tasks({ view: 'delegated' })}
                    recordHref={hrefs.task(task.id)}
                  />
                )}
              </TaskEditor>
            </ClientMessages>
          )}
        </>
      )}
    </>
  );
}
