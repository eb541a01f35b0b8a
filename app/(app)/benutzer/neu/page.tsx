import { hrefs } from '@/lib/hrefs';
import type { Metadata } from 'next';
import Link from 'next/link';
import { getTranslations } from 'next-intl/server';
import { getMe } from '@/lib/api-client/server';
import type { SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';
import { loadAccountOptions } from '@/components/users/load-account-options';
import { UserForm } from '@/components/users/user-form';
import { grantableRoles } from '@/components/users/user-permissions';
import { ClientMessages } from '@/components/layout/client-messages';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('users');
  return { title: t('inviteTitle') };
}

/** Invite a user: the invitation mail carries the activation link; admin and back office need approval first. */
export default async function InviteUserPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const [me, t, searchParams] = await Promise.all([getMe(), getTranslations('users'), props.searchParams]);
  const roles = grantableRoles(me);
  const requested = uuidSchema.safeParse(searchParams.accountId);
  const { accounts, hasMore, included } = roles.includes('manager')
    ? await loadAccountOptions(requested.success ? requested.data : null)
    : { accounts: [], hasMore: false, included: null };

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.users()}>{t('actions.backToList')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('inviteTitle')}</h1>
      <p className="text-body-secondary">{t('form.inviteIntro')}</p>
      <ClientMessages namespaces={['users', 'roles', 'form', 'validation']}>
        <UserForm roles={roles} accounts={accounts} hasMoreAccounts={hasMore} defaultAccountId={included?.id ?? null} />
      </ClientMessages>
    </>
  );
}
