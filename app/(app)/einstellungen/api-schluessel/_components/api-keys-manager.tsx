'use client';

import { useId, useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useFormatter, useTranslations } from 'next-intl';
import { CheckboxGroup } from '@/components/ui/form/checkbox-group';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SecretOncePanel } from '@/components/ui/secrets/secret-once-panel';
import { useToast } from '@/components/ui/toast-provider';
import type { AccountOption } from '@/components/users/account-option';
import type { ApiKey, ApiKeyCreate } from '@/lib/schemas/api-key';
import { createApiKeyAction, revokeApiKeyAction } from './api-key-actions';

interface Created {
  name: string;
  secret: string;
}

/** The create form, the secret of the key just created (shown once) and the list with revocation. */
export function ApiKeysManager({
  keys,
  accounts,
  scopes,
}: {
  keys: readonly ApiKey[];
  accounts: readonly AccountOption[];
  scopes: readonly string[];
}) {
  const t = useTranslations('apiKeys');
  const format = useFormatter();
  const toast = useToast();
  const router = useRouter();
  const formId = useId();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [created, setCreated] = useState<Created | null>(null);
  const [revoking, setRevoking] = useState<ApiKey | null>(null);

  async function onCreate(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const expires = String(data.get('expiresAt') ?? '');
    setBusy(true);
    setError(null);
    const result = await createApiKeyAction({
      name: String(data.get('name') ?? ''),
      scopes: data.getAll('scopes').map(String) as ApiKeyCreate['scopes'],
      accountId: String(data.get('accountId') ?? '') || null,
      ...(expires ? { expiresAt: new Date(`${expires}T23:59:59`).toISOString() } : {}),
    });
    setBusy(false);
    if (!result.ok) {
      const detail = result.error.details?.map((entry) => `${entry.path}: ${entry.message}`).join('; ');
      setError(t('failed', { message: detail || result.error.message }));
      return;
    }
    form.reset();
    setCreated({ name: result.data.name, secret: result.data.secret });
    router.refresh();
  }

  async function revoke(key: ApiKey) {
    const result = await revokeApiKeyAction(key.id);
    if (!result.ok) {
      toast({ variant: 'danger', message: t('failed', { message: result.error.message }) });
      return false;
    }
    toast({ variant: 'success', message: t('list.revoked_toast', { name: key.name }) });
    router.refresh();
    return true;
  }

  const statusOf = (key: ApiKey) =>
    key.revokedAt ? t('list.revoked') : new Date(key.expiresAt) <= new Date() ? t('list.expired') : t('list.active');

  return (
    <>
      {created ? (
        <SecretOncePanel
          id={`${formId}-secret`}
          testId="api-key-secret"
          title={t('secret.title', { name: created.name })}
          once={t('secret.once')}
          label={t('secret.label')}
          done={t('secret.done')}
          secret={created.secret}
          onDone={() => setCreated(null)}
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
          <form onSubmit={onCreate} data-testid="api-key-form">
            <div className="row g-3">
              <div className="col-md-6">
                <label htmlFor={`${formId}-name`} className="form-label">
                  {t('create.name')}
                </label>
                <input id={`${formId}-name`} name="name" className="form-control" required maxLength={100} />
              </div>
              <div className="col-md-3">
                <label htmlFor={`${formId}-account`} className="form-label">
                  {t('create.reach')}
                </label>
                <select id={`${formId}-account`} name="accountId" className="form-select" defaultValue="">
                  <option value="">{t('create.allAccounts')}</option>
                  {accounts.map((account) => (
                    <option key={account.id} value={account.id}>
                      {account.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="col-md-3">
                <label htmlFor={`${formId}-expires`} className="form-label">
                  {t('create.expiresAt')}
                </label>
                <input id={`${formId}-expires`} name="expiresAt" type="date" className="form-control" />
              </div>
              <CheckboxGroup idPrefix={formId} legend={t('create.scopes')} name="scopes" values={scopes} />
            </div>
            <button type="submit" className="btn btn-primary mt-3" disabled={busy}>
              {busy ? t('create.busy') : t('create.submit')}
            </button>
          </form>
        </div>
      </section>

      {keys.length === 0 ? (
        <p className="text-body-secondary">{t('list.empty')}</p>
      ) : (
        <div className="table-responsive">
          <table className="table align-middle" data-testid="api-key-list">
            <caption className="caption-top">{t('list.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('list.name')}</th>
                <th scope="col">{t('list.prefix')}</th>
                <th scope="col">{t('list.scopes')}</th>
                <th scope="col">{t('list.reach')}</th>
                <th scope="col">{t('list.expiresAt')}</th>
                <th scope="col">{t('list.lastUsed')}</th>
                <th scope="col">{t('list.status')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('list.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.map((key) => (
                <tr key={key.id} data-testid="api-key-row">
                  <th scope="row">{key.name}</th>
                  <td className="font-monospace">{key.prefix}…</td>
                  <td className="small font-monospace">{key.scopes.join(', ')}</td>
                  <td>{key.accountName ?? t('create.allAccounts')}</td>
                  <td>{format.dateTime(new Date(key.expiresAt), { dateStyle: 'medium' })}</td>
                  <td>
                    {key.lastUsedAt
                      ? `${format.dateTime(new Date(key.lastUsedAt), { dateStyle: 'medium', timeStyle: 'short' })} · ${key.lastUsedIp ?? ''}`
                      : t('list.never')}
                  </td>
                  <td>{statusOf(key)}</td>
                  <td>
                    {key.revokedAt ? null : (
                      <button type="button" className="btn btn-outline-danger btn-sm" onClick={() => setRevoking(key)}>
                        {t('list.revoke')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <ConfirmDialog
        show={revoking !== null}
        title={t('list.revoke')}
        confirmLabel={t('list.revoke')}
        confirmVariant="danger"
        onConfirm={() => (revoking ? revoke(revoking) : true)}
        onHide={() => setRevoking(null)}
      >
        {revoking ? t('list.revokeConfirm', { name: revoking.name }) : null}
      </ConfirmDialog>
    </>
  );
}
