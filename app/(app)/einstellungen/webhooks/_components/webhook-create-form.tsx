'use client';

import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { CheckboxGroup } from '@/components/ui/form/checkbox-group';
import { SecretOncePanel } from '@/components/ui/secrets/secret-once-panel';
import type { WebhookEndpointCreate } from '@/lib/schemas/webhook';
import { createWebhookAction } from './webhook-actions';

/** The create form and the signing secret of the endpoint just created (shown once). */
export function WebhookCreateForm({ events }: { events: readonly string[] }) {
  const t = useTranslations('webhooks');
  const router = useRouter();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    setBusy(true);
    setError(null);
    const result = await createWebhookAction({
      url: String(data.get('url') ?? ''),
      description: String(data.get('description') ?? ''),
      events: data.getAll('events').map(String) as WebhookEndpointCreate['events'],
    });
    setBusy(false);
    if (!result.ok) {
      const detail = result.error.details?.map((entry) => `${entry.path}: ${entry.message}`).join('; ');
      setError(t('failed', { message: detail || result.error.message }));
      return;
    }
    form.reset();
    setSecret(result.data.secret);
    router.refresh();
  }

  return (
    <>
      {secret ? (
        <SecretOncePanel
          id={`${formId}-secret`}
          testId="webhook-secret"
          title={t('secret.title')}
          once={t('secret.once')}
          label={t('secret.label')}
          done={t('secret.done')}
          secret={secret}
          onDone={() => setSecret(null)}
        />
      ) : null}
      <section className="card mb-4" aria-labelledby={`${formId}-title`}>
        <div className="card-body">
          <h2 id={`${formId}-title`} className="h5 card-title">
            {t('create.title')}
          </h2>
          {error ? (
            <div className="alert alert-danger" role="alert">
              {error}
            </div>
          ) : null}
          <form onSubmit={onCreate} data-testid="webhook-form">
            <div className="row g-3">
              <div className="col-md-6">
                <label htmlFor={`${formId}-url`} className="form-label">
                  {t('create.url')}
                </label>
                <input id={`${formId}-url`} name="url" type="url" className="form-control" required />
              </div>
              <div className="col-md-6">
                <label htmlFor={`${formId}-description`} className="form-label">
                  {t('create.description')}
                </label>
                <input id={`${formId}-description`} name="description" className="form-control" maxLength={200} />
              </div>
              <CheckboxGroup idPrefix={formId} legend={t('create.events')} name="events" values={events} />
            </div>
            <button type="submit" className="btn btn-primary mt-3" disabled={busy}>
              {busy ? t('create.busy') : t('create.submit')}
            </button>
          </form>
        </div>
      </section>
    </>
  );
}
