import { getProfile, listProfileSessions } from '@/lib/api-client/profile.server';
import { serverApi } from '@/lib/api-client/server';
import { notificationsApi } from '@/lib/api-client/notifications';
import { notificationSettingsSchema } from '@/lib/schemas/notification';
import { NotificationSettingsForm } from './_components/notification-settings-form';
import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { EmailChangeForm } from './_components/email-change-form';
import { PasswordChangeForm } from './_components/password-change-form';
import { ProfileSettings } from './_components/profile-settings';
import { SessionsTable } from './_components/sessions-table';
import { ClientMessages } from '@/components/layout/client-messages';
import Link from 'next/link';
import { hrefs } from '@/lib/hrefs';
import { usersApi } from '@/lib/api-client/users';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('profile');
  return { title: t('title') };
}

/** The signed-in user's own data, language, password, e-mail address and sessions. */
export default async function ProfilePage() {
  const [profile, sessions, notificationSettings, t, tRoles] = await Promise.all([
    getProfile(),
    listProfileSessions(),
    serverApi(notificationsApi.settingsPath, { schema: notificationSettingsSchema }),
    getTranslations('profile'),
    getTranslations('roles'),
  ]);

  return (
    <>
      <h1 className="h3 mb-1">{t('title')}</h1>
      <p className="text-body-secondary mb-4">
        {`${profile.firstName} ${profile.lastName}`} · {tRoles(profile.role)}
        {profile.accountName ? ` · ${profile.accountName}` : ''}
      </p>
      <p>
        <Link href={hrefs.secondFactor()}>{t('mfa.linkFromProfile')}</Link>
      </p>
      {/* Keyed by version: a change saved elsewhere (another tab) starts the form from the new record. */}
      <ClientMessages
        namespaces={[
          'profile',
          'notifications',
          'identity.password',
          'users',
          'roles',
          'form',
          'validation',
          'confirmDialog',
        ]}
      >
        <ProfileSettings key={profile.version} profile={profile} />
        <NotificationSettingsForm initial={notificationSettings} />
        <PasswordChangeForm />
        <EmailChangeForm currentEmail={profile.email} />
        <SessionsTable sessions={sessions.items} />
      </ClientMessages>
      <section aria-labelledby="profile-data-export-heading" className="mb-4">
        <h2 id="profile-data-export-heading" className="h5">
          {t('dataExport.title')}
        </h2>
        <p className="text-body-secondary">{t('dataExport.intro')}</p>
        <a
          href={usersApi.ownDataExportHref()}
          download
          className="btn btn-outline-secondary"
          data-testid="own-data-export"
        >
          {t('dataExport.download')}
        </a>
      </section>
    </>
  );
}
