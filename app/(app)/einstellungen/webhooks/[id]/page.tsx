import type { Metadata } from 'next';
import Link from 'next/link';
import { redirect } from 'next/navigation';
import { getFormatter, getTranslations } from 'next-intl/server';
import { webhooksApi } from '@/lib/api-client/webhooks';
import { getMe, serverApi } from '@/lib/api-client/server';
import { webhookEndpointSchema, webhookMessageListSchema } from '@/lib/schemas/webhook';
import { enableWebhookAction, redeliverWebhookAction } from '../_components/webhook-actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('webhooks');
  return { title: t('log.title') };
}

/** One endpoint's delivery log: each message with every attempt, redelivery, and enabling it again. */
export default async function WebhookLogPage(props: { params: Promise<{ id: string }> }) {
  const [{ id }, me, t, format] = await Promise.all([
    props.params,
    getMe(),
    getTranslations('webhooks'),
    getFormatter(),
  ]);
  if (me.role !== 'admin') redirect('/keine-berechtigung/');
  const [endpoint, log] = await Promise.all([
    serverApi(webhooksApi.detailPath(id), { schema: webhookEndpointSchema }),
    serverApi(webhooksApi.messagesPath(id), { schema: webhookMessageListSchema }),
  ]);
  const time = (value: string) => format.dateTime(new Date(value), { dateStyle: 'short', timeStyle: 'medium' });
  return (
    <>
      <p>
        <Link href="/einstellungen/webhooks/">{t('log.back')}</Link>
      </p>
      <h1 className="h3 mb-1">{t('log.title')}</h1>
      <p className="text-break font-monospace">{endpoint.url}</p>
      <p>
        {endpoint.enabled ? t('list.enabled') : t('list.disabled')}
        {endpoint.failingSince ? ` · ${t('list.failingSince', { at: time(endpoint.failingSince) })}` : ''}
      </p>
      {endpoint.enabled ? null : (
        <form action={enableWebhookAction} className="mb-3">
          <input type="hidden" name="id" value={endpoint.id} />
          <button type="submit" className="btn btn-primary btn-sm">
            {t('log.enable')}
          </button>
        </form>
      )}
      {log.items.length === 0 ? (
        <p className="text-body-secondary">{t('log.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="webhook-log">
            <caption className="caption-top">{t('log.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('log.event')}</th>
                <th scope="col">{t('log.createdAt')}</th>
                <th scope="col">{t('log.status')}</th>
                <th scope="col">{t('log.attempts')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('log.redeliver')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {log.items.map((message) => (
                <tr key={message.id} data-testid="webhook-message">
                  <th scope="row" className="font-monospace small">
                    {message.event}
                  </th>
                  <td>{time(message.createdAt)}</td>
                  <td>{t(`log.states.${message.status}`)}</td>
                  <td>
                    <ul className="list-unstyled small mb-0">
                      {message.attempts.map((attempt) => (
                        <li key={attempt.at}>
                          {t('log.attempt', {
                            at: time(attempt.at),
                            status: attempt.statusCode ?? attempt.error ?? t('log.noAnswer'),
                            ms: attempt.durationMs,
                          })}
                        </li>
                      ))}
                    </ul>
                  </td>
                  <td>
                    <form action={redeliverWebhookAction}>
                      <input type="hidden" name="id" value={endpoint.id} />
                      <input type="hidden" name="messageId" value={message.id} />
                      <button type="submit" className="btn btn-outline-primary btn-sm">
                        {t('log.redeliver')}
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
