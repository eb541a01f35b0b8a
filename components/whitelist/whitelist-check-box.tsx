'use client';

import { useId, useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { useLatestRequest } from '@/components/ui/use-latest-request';

// The normalisation (punycode), the API's paths and the call load when the field is first focused,
// or with the first check (issue 30): ~2 KiB gzip the list page need not ship for a box few use.
const loadRun = () => import('./whitelist-check-run');
const preload = () => void loadRun().catch(() => undefined);
const runCheck = (text: string, signal: AbortSignal) =>
  loadRun().then(({ runWhitelistCheck }) => runWhitelistCheck(text, signal));

/**
 * Asks the portal's question from the back office: may this address register? The same check
 * the portal calls (`GET /whitelist/check`), through the same-origin proxy. A plain fetch, the
 * newest check winning, and the address normalised without Zod: the list page loads neither Zod
 * nor TanStack Query for this box (issue 15), and its work only once the box is used (issue 30).
 */
export function WhitelistCheckBox() {
  const t = useTranslations('whitelist.check');
  const inputId = useId();
  const [text, setText] = useState('');
  const check = useLatestRequest(runCheck);
  const outcome = check.state.status === 'success' ? check.state.data : null;
  const isInvalid = outcome?.kind === 'invalid';

  function submit(event: FormEvent) {
    event.preventDefault();
    void check.run(text);
  }

  return (
    <form
      className="card card-body mb-3"
      onSubmit={submit}
      noValidate
      data-testid="whitelist-check"
      aria-label={t('title')}
    >
      <div className="row g-2 align-items-end">
        <div className="col-sm-8 col-md-6">
          <label htmlFor={inputId} className="form-label">
            {t('label')}
          </label>
          <input
            id={inputId}
            // Not type="email": Chromium turns its domain into punycode with the old IDNA rules (ß → ss).
            type="text"
            inputMode="email"
            autoComplete="off"
            spellCheck={false}
            className={`form-control${isInvalid ? ' is-invalid' : ''}`}
            value={text}
            maxLength={254}
            onChange={(event) => setText(event.target.value)}
            onFocus={preload}
            aria-describedby={`${inputId}-result`}
          />
        </div>
        <div className="col-auto">
          <button type="submit" className="btn btn-outline-primary" disabled={check.isPending}>
            {check.isPending ? t('checking') : t('submit')}
          </button>
        </div>
      </div>
      <div id={`${inputId}-result`} role="status" className="mt-2" data-testid="whitelist-check-result">
        {isInvalid ? <span className="text-danger">{t('invalid')}</span> : null}
        {check.state.status === 'error' ? <span className="text-danger">{t('failed')}</span> : null}
        {outcome?.kind === 'checked' ? (
          outcome.allowed ? (
            <span className="text-success">{t('allowed', { email: text.trim(), count: outcome.accountCount })}</span>
          ) : (
            <span>{t('denied', { email: text.trim() })}</span>
          )
        ) : null}
      </div>
    </form>
  );
}
