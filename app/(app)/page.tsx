import type { Metadata } from 'next';
import { getTranslations } from 'next-intl/server';
import { hasScope } from '@/lib/auth/has-scope';
import { getMe } from '@/lib/api-client/server';
import { SCOPES } from '@/lib/schemas/roles';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('home');
  return { title: t('title') };
}

export default async function HomePage() {
  const [user, t, tRoles, tScopes] = await Promise.all([
    getMe(),
    getTranslations('home'),
    getTranslations('roles'),
    getTranslations('scopes'),
  ]);
  const scopes = SCOPES.filter((scope) => hasScope(user.scope, scope));
  return (
    <>
      <h1 className="h3 mb-3">{t('greeting', { name: `${user.firstName} ${user.lastName}` })}</h1>
      <p className="lead" data-testid="role">
        {t('signedInAs', { role: tRoles(user.role) })}
      </p>
      <h2 className="h5 mt-4">{t('mayDo')}</h2>
      <ul className="list-group" data-testid="scopes">
        {scopes.map((scope) => (
          <li className="list-group-item" key={scope}>
            {tScopes(scope)}
          </li>
        ))}
      </ul>
    </>
  );
}
