'use client';

import { useState, type FormEvent, type ReactNode } from 'react';
import { useFormatter, useTranslations } from 'next-intl';
import type { ActionResult } from '@/lib/api-client/action';
import type { MfaStatus, TotpEnrolment } from '@/lib/schemas/mfa';
import { useProblemText } from '@/components/ui/form/problem-text';
import {
  confirmTotpAction,
  disableTotpAction,
  passkeyOptionsAction,
  regenerateRecoveryCodesAction,
  registerPasskeyAction,
  removePasskeyAction,
  startTotpAction,
  stepUpAction,
  stepUpOptionsAction,
} from './mfa-actions';

type Problem = {
  code?: string;
  message?: string;
  details?: { code?: string; message?: string; params?: Record<string, string | number> }[];
};

/** One code field: digits from the app, with the browser's one-time-code autofill. */
function CodeField({
  id,
  label,
  value,
  onChange,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (v: string) => void;
}) {
  return (
    <div className="mb-2">
      <label htmlFor={id} className="form-label">
        {label}
      </label>
      <input
        id={id}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={7}
        className="form-control"
        style={{ maxWidth: '12rem' }}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
    </div>
  );
}

function Section({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <section className="card mb-4" data-testid={testId} aria-label={title}>
      <div className="card-body">
        <h2 className="h5 card-title">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/**
 * The second-factor settings: set up or remove the authenticator app, add and remove passkeys,
 * show new recovery codes once, and confirm a factor for the step-up. Every change goes through a
 * server action; a full reload afterwards lets the session learn that a factor now exists.
 */
export function MfaSettings({ status }: { status: MfaStatus }) {
  const t = useTranslations('profile.mfa');
  const format = useFormatter();
  const problemText = useProblemText();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [enrolment, setEnrolment] = useState<TotpEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [confirmCode, setConfirmCode] = useState('');
  const [disableCode, setDisableCode] = useState('');
  const [regenerateCode, setRegenerateCode] = useState('');
  const [stepUpCode, setStepUpCode] = useState('');
  const [passkeyName, setPasskeyName] = useState('');
  const enrolled = status.totp || status.passkeys.length > 0;

  const textOf = (problem: Problem) => {
    const detail = problem.details?.[0];
    return detail ? problemText(detail) : (problem.message ?? '');
  };

  /** Runs one action; a refusal shows its text, success runs `then`. */
  async function run<T>(action: () => Promise<ActionResult<T>>, then: (data: T) => void) {
    if (busy) return;
    setBusy(true);
    setError(null);
    setNotice(null);
    try {
      const result = await action();
      if (result.ok) then(result.data);
      else setError(textOf(result.error));
    } catch {
      setError(t('passkeys.failed'));
    } finally {
      setBusy(false);
    }
  }

  // A full load, so the middleware learns a factor now exists and every server component renders anew.
  const reload = () => window.location.reload();
  const submit = (handler: () => void) => (event: FormEvent) => {
    event.preventDefault();
    handler();
  };

  async function addPasskey() {
    await run(
      async () => {
        const options = await passkeyOptionsAction();
        if (!options.ok) return options;
        const { startRegistration } = await import('@simplewebauthn/browser');
        const response = await startRegistration({ optionsJSON: options.data.options as never });
        return registerPasskeyAction(passkeyName.trim() || 'Passkey', response);
      },
      (data) => {
        setPasskeyName('');
        if (data.recoveryCodes.length > 0) setCodes(data.recoveryCodes);
        else reload();
      },
    );
  }

  async function stepUpWithPasskey() {
    await run(
      async () => {
        const options = await stepUpOptionsAction();
        if (!options.ok) return options;
        const { startAuthentication } = await import('@simplewebauthn/browser');
        const assertion = await startAuthentication({ optionsJSON: options.data.options as never });
        return stepUpAction({ webauthn: assertion });
      },
      () => setNotice(t('stepUp.ok')),
    );
  }

  if (codes) {
    return (
      <Section title={t('recovery.title')} testId="mfa-recovery-codes">
        <div className="alert alert-warning">{t('recovery.shownOnce')}</div>
        <ul className="list-unstyled font-monospace fs-5" data-testid="recovery-code-list">
          {codes.map((code) => (
            <li key={code}>{code}</li>
          ))}
        </ul>
        <button type="button" className="btn btn-primary" onClick={reload}>
          {t('recovery.done')}
        </button>
      </Section>
    );
  }

  return (
    <>
      {error && (
        <div className="alert alert-danger" role="alert" data-testid="mfa-error">
          {error}
        </div>
      )}
      {notice && (
        <div className="alert alert-success" role="status" data-testid="mfa-notice">
          {notice}
        </div>
      )}

      {enrolled && (
        <Section title={t('stepUp.title')} testId="mfa-step-up">
          <p className="text-body-secondary">{t('stepUp.hint')}</p>
          {status.verifiedAt && (
            <p className="small">
              {t('stepUp.verifiedAt', {
                time: format.dateTime(new Date(status.verifiedAt), { dateStyle: 'short', timeStyle: 'short' }),
              })}
            </p>
          )}
          <form
            onSubmit={submit(() =>
              run(
                () => stepUpAction({ code: stepUpCode.trim() }),
                () => {
                  setStepUpCode('');
                  setNotice(t('stepUp.ok'));
                },
              ),
            )}
          >
            {status.totp && (
              <CodeField id="step-up-code" label={t('stepUp.code')} value={stepUpCode} onChange={setStepUpCode} />
            )}
            <div className="d-flex gap-2">
              {status.totp && (
                <button type="submit" className="btn btn-primary" disabled={busy}>
                  {t('stepUp.submit')}
                </button>
              )}
              {status.passkeys.length > 0 && (
                <button type="button" className="btn btn-outline-primary" disabled={busy} onClick={stepUpWithPasskey}>
                  {t('stepUp.passkey')}
                </button>
              )}
            </div>
          </form>
        </Section>
      )}

      <Section title={t('totp.title')} testId="mfa-totp">
        <p>
          <span className={`badge ${status.totp ? 'text-bg-success' : 'text-bg-secondary'}`}>
            {status.totp ? t('status.on') : t('status.off')}
          </span>
        </p>
        {!status.totp && !enrolment && (
          <button
            type="button"
            className="btn btn-primary"
            disabled={busy}
            onClick={() => run(startTotpAction, setEnrolment)}
          >
            {t('totp.start')}
          </button>
        )}
        {!status.totp && enrolment && (
          <form
            onSubmit={submit(() =>
              run(
                () => confirmTotpAction(confirmCode.trim()),
                (data) => setCodes(data.recoveryCodes),
              ),
            )}
          >
            <p>{t('totp.scan')}</p>
            <div
              role="img"
              aria-label={t('totp.qrLabel')}
              className="mb-3 bg-white p-2 d-inline-block"
              style={{ width: '12rem' }}
              // The SVG is drawn by the server from the otpauth URI (qrcode); it holds no script.
              dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }}
            />
            <p>
              {t('totp.secret')}: <code data-testid="totp-secret">{enrolment.secret}</code>
            </p>
            <CodeField id="totp-confirm-code" label={t('totp.code')} value={confirmCode} onChange={setConfirmCode} />
            <button type="submit" className="btn btn-primary" disabled={busy}>
              {t('totp.confirm')}
            </button>
          </form>
        )}
        {status.totp && (
          <form onSubmit={submit(() => run(() => disableTotpAction(disableCode.trim()), reload))}>
            <p className="text-body-secondary">{t('totp.disableHint')}</p>
            <CodeField id="totp-disable-code" label={t('totp.code')} value={disableCode} onChange={setDisableCode} />
            <button type="submit" className="btn btn-outline-danger" disabled={busy}>
              {t('totp.disable')}
            </button>
          </form>
        )}
      </Section>

      <Section title={t('passkeys.title')} testId="mfa-passkeys">
        {status.passkeys.length === 0 ? (
          <p className="text-body-secondary">{t('passkeys.none')}</p>
        ) : (
          <ul className="list-group mb-3">
            {status.passkeys.map((passkey) => (
              <li key={passkey.id} className="list-group-item d-flex justify-content-between align-items-center gap-2">
                <span>
                  <strong>{passkey.name}</strong>{' '}
                  <span className="small text-body-secondary">
                    {t('passkeys.created', {
                      date: format.dateTime(new Date(passkey.createdAt), { dateStyle: 'short' }),
                    })}
                  </span>
                </span>
                <button
                  type="button"
                  className="btn btn-sm btn-outline-danger"
                  disabled={busy}
                  aria-label={t('passkeys.removeNamed', { name: passkey.name })}
                  onClick={() => run(() => removePasskeyAction(passkey.id), reload)}
                >
                  {t('passkeys.remove')}
                </button>
              </li>
            ))}
          </ul>
        )}
        <form className="d-flex flex-wrap align-items-end gap-2" onSubmit={submit(addPasskey)}>
          <div>
            <label htmlFor="passkey-name" className="form-label">
              {t('passkeys.name')}
            </label>
            <input
              id="passkey-name"
              className="form-control"
              maxLength={100}
              placeholder={t('passkeys.namePlaceholder')}
              value={passkeyName}
              onChange={(event) => setPasskeyName(event.target.value)}
            />
          </div>
          <button type="submit" className="btn btn-outline-primary" disabled={busy}>
            {t('passkeys.add')}
          </button>
        </form>
      </Section>

      {enrolled && (
        <Section title={t('recovery.title')} testId="mfa-recovery">
          <p>{t('recovery.left', { count: status.recoveryCodesLeft })}</p>
          <form
            onSubmit={submit(() =>
              run(
                () => regenerateRecoveryCodesAction(regenerateCode.trim()),
                (data) => setCodes(data.recoveryCodes),
              ),
            )}
          >
            <p className="text-body-secondary">{t('recovery.regenerateHint')}</p>
            {status.totp && (
              <CodeField
                id="recovery-regenerate-code"
                label={t('totp.code')}
                value={regenerateCode}
                onChange={setRegenerateCode}
              />
            )}
            <button type="submit" className="btn btn-outline-primary" disabled={busy}>
              {t('recovery.regenerate')}
            </button>
          </form>
        </Section>
      )}
    </>
  );
}
