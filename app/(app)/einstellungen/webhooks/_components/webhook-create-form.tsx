'use client';

import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
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
        <div className="alert alert-success" role="status" data-testid="webhook-secret">
          <h2 className="h5">{t('secret.title')}</h2>
          <p className="mb-2">{t('secret.once')}</p>
          <label htmlFor={`${formId}-secret`} className="form-label">
            {t('secret.label')}
          </label>
          <input
            id={`${formId}-secret`}
            className="form-control font-monospace mb-2"
            readOnly
            value={secret}
            data-testid="webhook-secret-value"
          />
          <button type="button" className="btn btn-success btn-sm" onClick={() => setSecret(null)}>
            {t('secret.done')}
          </button>
        </div>
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
              <fieldset className="col-12">
                <legend className="form-label fs-6">{t('create.events')}</legend>
                <div className="d-flex flex-wrap gap-3">
                  {events.map((name) => (
                    <div className="form-check" key={name}>
                      <input
                        className="form-check-input"
                        type="checkbox"
                        name="events"
                        value={name}
                        id={`${formId}-${name}`}
                      />
                      <label className="form-check-label font-monospace" htmlFor={`${formId}-${name}`}>
                        {name}
                      </label>
                    </div>
                  ))}
                </div>
              </fieldset>
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
