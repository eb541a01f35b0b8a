import { hrefs } from '@/lib/hrefs';
import { listChanges } from '@/lib/api-client/approvals.server';
import { listUsers } from '@/lib/api-client/users.server';
import { getAccount, getAccountTree } from '@/lib/api-client/accounts.server';
import { recordId } from '@/lib/api-client/record-id';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { StatusBadge } from '@/components/ui/status-badge';
import { TabsNav } from '@/components/ui/tabs-nav';
import { ChangeTable } from '@/components/history/change-table';
import { getMe } from '@/lib/api-client/server';
import { listDocuments } from '@/lib/api-client/documents.server';
import { AccountDocuments } from '@/components/documents/account-documents';
import { hasScope } from '@/lib/auth/has-scope';
import { MAX_ACCOUNT_DEPTH } from '@/lib/schemas/account';
import { AccountDetails } from '@/components/accounts/account-details';
import { AccountTree } from '@/components/accounts/account-tree';
import { AccountUsers } from '@/components/users/account-users';
import { AccountWhitelist } from '@/components/whitelist/account-whitelist';
import { listWhitelist } from '@/lib/api-client/whitelist.server';
import { AccountActionsBar } from './_components/account-actions-bar';
import { isStaff } from '@/lib/schemas/roles';
import { ClientMessages } from '@/components/layout/client-messages';
import { AccountTasks } from '@/components/tasks/account-tasks';
import { AsOfPanel } from '@/components/history/as-of-panel';
import { accountsApi } from '@/lib/api-client/accounts';

type Props = {
  params: Promise<{ id: string }>;
  searchParams: Promise<{ tab?: string | string[]; asOf?: string | string[] }>;
};

const TABS = ['overview', 'children', 'users', 'documents', 'tasks', 'whitelist', 'history'] as const;
/** The Historie tab shows the latest entries and links to the full, filterable list. */
const HISTORY_TAB_ROWS = 20;
/** The Benutzer tab lists this many of the account's users and links to the full list for more. */
const ACCOUNT_USERS_LIMIT = 100;
/** The Dokumente tab lists this many of the account's documents, newest first, and links to the full list. */
const ACCOUNT_DOCUMENTS_LIMIT = 50;
type Tab = (typeof TABS)[number];

export async function generateMetadata(props: Props): Promise<Metadata> {
  const id = await recordId(props.params);
  const account = await getAccount(id);
  return { title: account.name };
}

/** The account's workspace: header with status and actions, and tabs for what belongs to it. */
export default async function AccountPage(props: Props) {
  const [id, searchParams] = await Promise.all([recordId(props.params), props.searchParams]);
  const tab: Tab = TABS.find((candidate) => candidate === searchParams.tab) ?? 'overview';
  const [account, me, t, tHistory, tWhitelist, tTasks] = await Promise.all([
    getAccount(id),
    getMe(),
    getTranslations('accounts'),
    getTranslations('history'),
    getTranslations('whitelist'),
    getTranslations('tasks'),
  ]);
  const canReadUsers = hasScope(me.scope, 'users.read');
  const canReadHistory = hasScope(me.scope, 'history.read');
  const canReadWhitelist = hasScope(me.scope, 'whitelist.read');
  const canReadDocuments = hasScope(me.scope, 'documents.read');
  const [tree, users, documents, history, whitelist] = await Promise.all([
    tab === 'children' ? getAccountTree(id) : null,
    tab === 'users' && canReadUsers
      ? listUsers({ accountId: id, perPage: ACCOUNT_USERS_LIMIT, sort: 'lastName', order: 'asc' })
      : null,
    tab === 'documents' && canReadDocuments
      ? listDocuments({ accountId: id, perPage: ACCOUNT_DOCUMENTS_LIMIT, sort: 'updatedAt', order: 'desc' })
      : null,
    // The account's own entries, its approvals' requests and decisions, and its users'.
    tab === 'history' && canReadHistory ? listChanges({ accountId: id, perPage: HISTORY_TAB_ROWS }) : null,
    tab === 'whitelist' && canReadWhitelist ? listWhitelist({ accountId: id, perPage: 100 }) : null,
  ]);

  const isArchived = account.status === 'archived';
  const mayWrite = hasScope(me.scope, 'accounts.write') && !isArchived;
  const isStaffMember = isStaff(me.role);
  const pendingKinds = new Set(account.pendingApprovals.map((approval) => approval.kind));

  return (
    <>
      <div className="mb-3">
        {account.parentId && (
          <p className="mb-1 small">
            {t.rich('subAccountOf', {
              parent: account.parentName ?? '',
              link: (chunks) => <Link href={hrefs.account(account.parentId!)}>{chunks}</Link>,
            })}
          </p>
        )}
        <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
          <h1 className="h3 mb-0">{account.name}</h1>
          <StatusBadge kind="account" status={account.status} />
        </div>
        <p className="text-body-secondary mb-3">
          {account.customerNumber} · {account.legalForm}
          {account.city ? ` · ${account.city}` : ''}
        </p>
        <ClientMessages namespaces={['accounts.actions', 'accounts.dialogs', 'accounts.toasts', 'confirmDialog']}>
          <AccountActionsBar
            account={{ id: account.id, name: account.name }}
            hrefs={{
              edit: hrefs.accountEdit(account.id),
              sheet: hrefs.accountShow(account.id),
              newSub: hrefs.subAccountNew(account.id),
            }}
            can={{
              edit: mayWrite,
              addSub: mayWrite && account.depth < MAX_ACCOUNT_DEPTH,
              requestActivation: mayWrite && account.status === 'draft' && !pendingKinds.has('account_activation'),
              suspend: isStaffMember && account.status === 'active',
              resume: isStaffMember && account.status === 'suspended',
              requestArchive:
                mayWrite &&
                (account.status === 'active' || account.status === 'suspended') &&
                !pendingKinds.has('account_archive'),
            }}
          />
        </ClientMessages>
      </div>

      {isArchived && (
        <div className="alert alert-secondary" role="status">
          {t('archivedNotice')}
        </div>
      )}
      {account.pendingApprovals.length > 0 && (
        <div className="alert alert-info" role="status" data-testid="pending-approvals">
          <strong>{t('pending.title')}:</strong>{' '}
          {account.pendingApprovals.map((approval) => t(`pending.${approval.kind as 'account_activation'}`)).join(', ')}
        </div>
      )}

      <TabsNav
        label={account.name}
        className="mb-3"
        items={[
          { href: hrefs.account(account.id), label: t('tabs.overview'), active: tab === 'overview' },
          {
            href: hrefs.account(account.id, { tab: 'children' }),
            label: t('tabs.children'),
            active: tab === 'children',
            count: account.childCount,
          },
          ...(canReadUsers
            ? [{ href: hrefs.account(account.id, { tab: 'users' }), label: t('tabs.users'), active: tab === 'users' }]
            : []),
          ...(canReadWhitelist
            ? [
                {
                  href: hrefs.account(account.id, { tab: 'whitelist' }),
                  label: tWhitelist('tab.title'),
                  active: tab === 'whitelist',
                },
              ]
            : []),
          ...(hasScope(me.scope, 'tasks.read')
            ? [{ href: hrefs.account(account.id, { tab: 'tasks' }), label: tTasks('title'), active: tab === 'tasks' }]
            : []),
          ...(canReadDocuments
            ? [
                {
                  href: hrefs.account(account.id, { tab: 'documents' }),
                  label: t('tabs.documents'),
                  active: tab === 'documents',
                },
              ]
            : []),
          ...(canReadHistory
            ? [
                {
                  href: hrefs.account(account.id, { tab: 'history' }),
                  label: tHistory('tab'),
                  active: tab === 'history',
                },
              ]
            : []),
        ]}
      />
      {tab === 'overview' && (
        <AsOfPanel
          apiPath={accountsApi.detailPath(account.id)}
          pageHref={hrefs.account(account.id)}
          asOf={typeof searchParams.asOf === 'string' ? searchParams.asOf : undefined}
          restore={mayWrite ? { version: account.version } : undefined}
        />
      )}
      {tab === 'overview' && <AccountDetails account={account} />}
      {tab === 'children' && tree && <AccountTree rootId={account.id} items={tree.items} total={tree.total} />}
      {tab === 'users' && users && (
        <AccountUsers
          accountId={account.id}
          items={users.items}
          total={users.total}
          canInvite={hasScope(me.scope, 'users.write') && !isArchived}
        />
      )}
      {tab === 'documents' && documents && (
        <AccountDocuments
          accountId={account.id}
          items={documents.items}
          total={documents.total}
          canUpload={hasScope(me.scope, 'documents.write') && !isArchived}
        />
      )}
      {tab === 'whitelist' && whitelist && (
        <AccountWhitelist
          accountId={account.id}
          items={whitelist.items}
          total={whitelist.total}
          totalIsLowerBound={whitelist.totalIsLowerBound}
          canWrite={hasScope(me.scope, 'whitelist.write') && !isArchived}
        />
      )}
      {tab === 'tasks' && hasScope(me.scope, 'tasks.read') && (
        <AccountTasks accountId={account.id} isArchived={isArchived} />
      )}
      {tab === 'history' && history && (
        <section data-testid="account-history">
          <ChangeTable items={history.items} />
          {history.nextCursor && <Link href={hrefs.changes({ accountId: account.id })}>{tHistory('tabAll')}</Link>}
        </section>
      )}
    </>
  );
}
