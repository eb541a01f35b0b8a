import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { AccountsStatusChart } from '@/components/dashboard/accounts-status-chart';
import { formatDueDate } from '@/components/tasks/format-due-date';
import { getMe } from '@/lib/api-client/server';
import { getDashboard } from '@/lib/api-client/tasks.server';
import { hasScope } from '@/lib/auth/has-scope';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import type { Dashboard } from '@/lib/schemas/task';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('dashboard');
  return { title: t('title') };
}

function Card({ title, testId, children }: { title: string; testId: string; children: React.ReactNode }) {
  const headingId = `${testId}-heading`;
  return (
    <section className="card h-100" aria-labelledby={headingId} data-testid={testId}>
      <div className="card-body">
        <h2 id={headingId} className="h5 card-title">
          {title}
        </h2>
        {children}
      </div>
    </section>
  );
}

/**
 * The dashboard (SPEC §3 `/`): my open and overdue tasks, approvals waiting for me (or my open
 * requests), the latest changes in reach, accounts by status as a chart with its numbers, and the
 * documents of this week, from one API call. A user with nothing to do yet is told where to start.
 *
 * Its links do not prefetch: Next prefetches every link in view, and the dashboard shows up to two
 * dozen (tasks, approvals, documents, changes), each a request to the server and work for the
 * router while the page is still starting on a phone (issue 30). A dynamic page's prefetch is only
 * its route tree, so a click costs little more without it; the lists' links do the same.
 */
export default async function HomePage() {
  const [me, board, t, tTasks, tRoles, tApprovals, tHistory, locale] = await Promise.all([
    getMe(),
    getDashboard(),
    getTranslations('dashboard'),
    getTranslations('tasks'),
    getTranslations('roles'),
    getTranslations('approvals'),
    getTranslations('history'),
    getLocale(),
  ]);
  const canWriteTasks = hasScope(me.scope, 'tasks.write');
  const isNew = (board.tasks?.openCount ?? 0) === 0 && (board.approvals?.count ?? 0) === 0;
  const accountTotal = board.accountsByStatus?.reduce((sum, entry) => sum + entry.count, 0) ?? 0;

  return (
    <>
      <h1 className="h3 mb-1">{t('greeting', { name: `${me.firstName} ${me.lastName}` })}</h1>
      <p className="text-body-secondary mb-4" data-testid="role">
        {t('signedInAs', { role: tRoles(me.role) })}
      </p>

      {isNew && (
        <div className="alert alert-info" role="status" data-testid="dashboard-empty">
          <h2 className="h5">{t('empty.title')}</h2>
          <p>{t('empty.body')}</p>
          <ul className="mb-0">
            {canWriteTasks && (
              <li>
                <Link prefetch={false} href={hrefs.taskNew()}>
                  {t('empty.createTask')}
                </Link>
              </li>
            )}
            {board.accountsByStatus && (
              <li>
                <Link prefetch={false} href={hrefs.accounts()}>
                  {t('empty.openAccounts')}
                </Link>
              </li>
            )}
            <li>
              <Link prefetch={false} href={hrefs.profile()}>
                {t('empty.completeProfile')}
              </Link>
            </li>
          </ul>
        </div>
      )}

      <div className="row g-4">
        {board.tasks && (
          <div className="col-lg-6">
            <Card title={t('tasks.title')} testId="dashboard-tasks">
              <p data-testid="dashboard-tasks-summary">
                {t('tasks.summary', { open: board.tasks.openCount, overdue: board.tasks.overdueCount })}
              </p>
              {board.tasks.items.length === 0 ? (
                <p className="text-body-secondary">{t('tasks.empty')}</p>
              ) : (
                <ul className="list-group mb-3">
                  {board.tasks.items.map((task) => (
                    <li key={task.id} className={`list-group-item${task.isOverdue ? ' list-group-item-danger' : ''}`}>
                      <Link prefetch={false} href={hrefs.task(task.id)}>
                        {task.title}
                      </Link>
                      <span className="small text-body-secondary ms-2">
                        {task.dueDate
                          ? t('tasks.due', { date: formatDueDate(task.dueDate, locale) })
                          : tTasks('noDueDate')}
                      </span>
                      {task.isOverdue && <span className="badge text-bg-danger ms-2">{tTasks('overdue')}</span>}
                    </li>
                  ))}
                </ul>
              )}
              <div className="d-flex flex-wrap gap-3">
                <Link prefetch={false} href={hrefs.tasks({ status: 'not_done' })}>
                  {t('tasks.all')}
                </Link>
                {board.tasks.overdueCount > 0 && (
                  <Link prefetch={false} href={hrefs.tasks({ due: 'overdue' })}>
                    {t('tasks.overdue')}
                  </Link>
                )}
                {canWriteTasks && (
                  <Link prefetch={false} href={hrefs.taskNew()}>
                    {t('tasks.new')}
                  </Link>
                )}
              </div>
            </Card>
          </div>
        )}

        {board.approvals && (
          <div className="col-lg-6">
            <ApprovalsCard approvals={board.approvals} t={t} tApprovals={tApprovals} locale={locale} />
          </div>
        )}

        {board.accountsByStatus && (
          <div className="col-lg-6">
            <Card title={t('accounts.title')} testId="dashboard-accounts">
              <p>{t('accounts.total', { count: accountTotal })}</p>
              <AccountsStatusChart counts={board.accountsByStatus} />
              <Link prefetch={false} href={hrefs.accounts()} className="d-inline-block mt-2">
                {t('accounts.all')}
              </Link>
            </Card>
          </div>
        )}

        {board.documents && (
          <div className="col-lg-6">
            <Card title={t('documents.title')} testId="dashboard-documents">
              <p>{t('documents.summary', { count: board.documents.count })}</p>
              {board.documents.items.length > 0 && (
                <ul className="list-unstyled mb-3">
                  {board.documents.items.map((document) => (
                    <li key={document.id} className="mb-1">
                      <Link prefetch={false} href={hrefs.document(document.id)}>
                        {document.title}
                      </Link>
                      <span className="small text-body-secondary ms-2">
                        {document.accountName ?? t('documents.general')} · {formatDateTime(document.createdAt, locale)}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <Link prefetch={false} href={hrefs.documents()}>
                {t('documents.all')}
              </Link>
            </Card>
          </div>
        )}

        {board.changes && (
          <div className="col-12">
            <Card title={t('changes.title')} testId="dashboard-changes">
              {board.changes.items.length === 0 ? (
                <p className="text-body-secondary">{t('changes.empty')}</p>
              ) : (
                <ul className="list-unstyled mb-3">
                  {board.changes.items.map((change) => (
                    <li key={change.id} className="mb-1">
                      <Link prefetch={false} href={hrefs.change(change.id)}>
                        {t('changes.item', {
                          type: tHistory(`entityType.${change.entityType}`),
                          label: change.entityLabel,
                          action: tHistory(`action.${change.action}`),
                        })}
                      </Link>
                      <span className="small text-body-secondary ms-2">
                        {t('changes.by', { actor: change.actor.name, date: formatDateTime(change.at, locale) })}
                      </span>
                    </li>
                  ))}
                </ul>
              )}
              <Link prefetch={false} href={hrefs.changes()}>
                {t('changes.all')}
              </Link>
            </Card>
          </div>
        )}
      </div>
    </>
  );
}

function ApprovalsCard({
  approvals,
  t,
  tApprovals,
  locale,
}: {
  approvals: NonNullable<Dashboard['approvals']>;
  t: Awaited<ReturnType<typeof getTranslations<'dashboard'>>>;
  tApprovals: Awaited<ReturnType<typeof getTranslations<'approvals'>>>;
  locale: string;
}) {
  const isDecider = approvals.mode === 'decide';
  return (
    <Card title={isDecider ? t('approvals.decideTitle') : t('approvals.requestedTitle')} testId="dashboard-approvals">
      <p data-testid="dashboard-approvals-summary">
        {isDecider
          ? t('approvals.decideSummary', { count: approvals.count })
          : t('approvals.requestedSummary', { count: approvals.count })}
      </p>
      {approvals.items.length > 0 && (
        <ul className="list-unstyled mb-3">
          {approvals.items.map((approval) => (
            <li key={approval.id} className="mb-1">
              <Link prefetch={false} href={hrefs.approval(approval.id)}>
                {tApprovals(`kind.${approval.kind}`)}: {approval.entityLabel}
              </Link>
              <span className="small text-body-secondary ms-2">
                {t('approvals.requestedBy', {
                  name: approval.requestedBy.name,
                  date: formatDateTime(approval.requestedAt, locale),
                })}
              </span>
            </li>
          ))}
        </ul>
      )}
      <Link prefetch={false} href={hrefs.approvals()}>
        {t('approvals.all')}
      </Link>
    </Card>
  );
}
