import type { Metadata } from 'next';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { loadAccountOptions } from '@/components/users/load-account-options';
import { apiKeysApi } from '@/lib/api-client/api-keys';
import { getMe, serverApi } from '@/lib/api-client/server';
import { API_KEY_SCOPES, apiKeyListSchema } from '@/lib/schemas/api-key';
import { ApiKeysManager } from './_components/api-keys-manager';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('apiKeys');
  return { title: t('title') };
}

/** Administrators create API keys for machine clients (the secret shown once), see them and revoke them. */
export default async function ApiKeysPage() {
  const [me, t] = await Promise.all([getMe(), getTranslations('apiKeys')]);
  if (me.role !== 'admin') redirect('/keine-berechtigung/');
  const [list, accounts] = await Promise.all([
    serverApi(apiKeysApi.listPath, { schema: apiKeyListSchema }),
    loadAccountOptions(null),
  ]);
  return (
    <>
      <h1 className="h3 mb-2">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <ClientMessages namespaces={['apiKeys']}>
        <ApiKeysManager keys={list.items} accounts={accounts.accounts} scopes={API_KEY_SCOPES} />
      </ClientMessages>
    </>
  );
}
