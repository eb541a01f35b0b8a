import { hrefs } from '@/lib/hrefs';
import { getUser } from '@/lib/api-client/users.server';
import { recordId } from '@/lib/api-client/record-id';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getMe } from '@/lib/api-client/server';
import { loadAccountOptions } from '@/components/users/load-account-options';
import { UserForm } from '@/components/users/user-form';
import { canManageUser, grantableRoles } from '@/components/users/user-permissions';
import { ClientMessages } from '@/components/layout/client-messages';

type Props = { params: Promise<{ id: string }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const id = await recordId(props.params);
  const [user, t] = await Promise.all([getUser(id), getTranslations('users')]);
  return { title: t('editTitle', { name: `${user.firstName} ${user.lastName}` }) };
}

/** Name, phone, language, role and account; a grant of admin or back office becomes an approval request. */
export default async function EditUserPage(props: Props) {
  const id = await recordId(props.params);
  const [user, me, t] = await Promise.all([getUser(id), getMe(), getTranslations('users')]);
  const userHref = hrefs.user(user.id);
  const name = `${user.firstName} ${user.lastName}`;
  const roles = grantableRoles(me);
  const mayEdit = canManageUser(me, user) && user.status !== 'deactivated';
  const { accounts, hasMore } =
    mayEdit && roles.includes('manager') ? await loadAccountOptions(user.accountId) : { accounts: [], hasMore: false };

  return (
    <>
      <p className="mb-1 small">
        <Link href={userHref}>{t('actions.back')}</Link>
      </p>
      <h1 className="h3 mb-1">{t('editTitle', { name })}</h1>
      <p className="text-body-secondary mb-3">{user.email}</p>
      {mayEdit ? (
        // Keyed by version: after a save and refresh the form starts again from the new record.
        <ClientMessages namespaces={['users', 'roles', 'form', 'validation']}>
          <UserForm key={user.version} initial={user} roles={roles} accounts={accounts} hasMoreAccounts={hasMore} />
        </ClientMessages>
      ) : (
        <>
          <div className="alert alert-secondary" role="status">
            {me.id === user.id ? t('form.editSelf') : t('form.editNotAllowed')}
          </div>
          <Link href={me.id === user.id ? '/profil/' : userHref} className="btn btn-outline-secondary">
            {me.id === user.id ? t('actions.ownProfile') : t('actions.back')}
          </Link>
        </>
      )}
    </>
  );
}
