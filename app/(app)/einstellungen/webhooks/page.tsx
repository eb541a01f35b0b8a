import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { webhooksApi } from '@/lib/api-client/webhooks';
import { getMe, serverApi } from '@/lib/api-client/server';
import { WEBHOOK_EVENTS, webhookEndpointListSchema } from '@/lib/schemas/webhook';
import { WebhookCreateForm } from './_components/webhook-create-form';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('webhooks');
  return { title: t('title') };
}

/** Administrators register webhook endpoints (the secret shown once) and open their delivery logs. */
export default async function WebhooksPage() {
  const [me, t] = await Promise.all([getMe(), getTranslations('webhooks')]);
  if (me.role !== 'admin') redirect('/keine-berechtigung/');
  const list = await serverApi(webhooksApi.listPath, { schema: webhookEndpointListSchema });
  return (
    <>
      <h1 className="h3 mb-2">{t('title')}</h1>
      <p className="text-body-secondary">{t('intro')}</p>
      <ClientMessages namespaces={['webhooks']}>
        <WebhookCreateForm events={WEBHOOK_EVENTS} />
      </ClientMessages>
      {list.items.length === 0 ? (
        <p className="text-body-secondary">{t('list.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="webhook-list">
            <caption className="caption-top">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.url')}</th>
                <th scope="col">{t('list.events')}</th>
                <th scope="col">{t('list.status')}</th>
              </tr>
            </thead>
            <tbody>
              {list.items.map((endpoint) => (
                <tr key={endpoint.id} data-testid="webhook-row">
                  <th scope="row" className="text-break">
                    <Link href={`/einstellungen/webhooks/${endpoint.id}/`}>{endpoint.url}</Link>
                    {endpoint.description ? (
                      <div className="small text-body-secondary">{endpoint.description}</div>
                    ) : null}
                  </th>
                  <td className="small font-monospace">{endpoint.events.join(', ')}</td>
                  <td>{endpoint.enabled ? t('list.enabled') : t('list.disabled')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
