'use client';

import { useState, type FormEvent } from 'react';
import { useTranslations } from 'next-intl';
import { signInWithCredentials } from '@/lib/auth/browser-auth';
import type { ParsedSignInError, SecondFactorMethod } from '@/lib/auth/sign-in-error';
import { parseSignInError } from '@/lib/auth/sign-in-error';
import { SubmitButton } from '@/components/record/submit-button';
import { passkeySignInOptionsAction } from './login-actions';

export interface SecondFactorProps {
  mfaToken: string;
  methods: SecondFactorMethod[];
  callbackUrl: string;
  /** Back to e-mail and password (an expired token, or the user's wish). */
  onRestart: () => void;
  /** How the form reports a refusal to the login form, which shows it. */
  onError: (error: ParsedSignInError | null) => void;
}

/**
 * The sign-in's second step: the code from the authenticator app (`autocomplete="one-time-code"`),
 * a recovery code, or a passkey. The `mfaToken` stays in this component's state, never in the URL.
 */
export function SecondFactorForm({ mfaToken, methods, callbackUrl, onRestart, onError }: SecondFactorProps) {
  const t = useTranslations('login.mfa');
  const hasTotp = methods.includes('totp');
  const [mode, setMode] = useState<'code' | 'recovery'>(hasTotp ? 'code' : 'recovery');
  const [value, setValue] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [missing, setMissing] = useState(false);

  async function finish(fields: { code?: string; recoveryCode?: string; webauthn?: string }) {
    setBusy(true);
    onError(null);
    try {
      const result = await signInWithCredentials({ mfaToken, ...fields });
      if (result.error || !result.ok || result.url?.includes('csrf=true')) {
        const error = parseSignInError(result.error);
        onError(error);
        if (error.code === 'mfa_expired' || error.code === 'locked') onRestart();
        setValue('');
        setBusy(false);
        return;
      }
      window.location.assign(callbackUrl);
    } catch {
      onError({ code: 'unreachable' });
      setBusy(false);
    }
  }

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!value.trim()) {
      setMissing(true);
      return;
    }
    setMissing(false);
    await finish(mode === 'code' ? { code: value.trim() } : { recoveryCode: value.trim() });
  }

  async function usePasskey() {
    if (isBusy) return;
    setBusy(true);
    onError(null);
    try {
      const options = await passkeySignInOptionsAction(mfaToken);
      if (!options) {
        onError({ code: 'mfa_expired' });
        onRestart();
        return;
      }
      const { startAuthentication } = await import('@simplewebauthn/browser');
      const assertion = await startAuthentication({ optionsJSON: options as never });
      await finish({ webauthn: JSON.stringify(assertion) });
    } catch {
      onError({ code: 'code_invalid' });
      setBusy(false);
    }
  }

  const inputId = mode === 'code' ? 'mfa-code' : 'mfa-recovery-code';
  return (
    <div data-testid="second-factor">
      <h2 className="h5">{t('title')}</h2>
      {methods.includes('webauthn') && (
        <div className="mb-3">
          <p className="text-body-secondary">{t('introPasskey')}</p>
          <button type="button" className="btn btn-outline-primary" onClick={usePasskey} disabled={isBusy}>
            {t('passkey')}
          </button>
        </div>
      )}
      <form onSubmit={onSubmit} noValidate>
        <p className="text-body-secondary">{mode === 'code' ? t('intro') : t('recoveryIntro')}</p>
        <div className="mb-3">
          <label htmlFor={inputId} className="form-label">
            {mode === 'code' ? t('code') : t('recoveryCode')}
          </label>
          <input
            key={inputId}
            id={inputId}
            name={mode === 'code' ? 'code' : 'recoveryCode'}
            type="text"
            className="form-control"
            autoComplete="one-time-code"
            inputMode={mode === 'code' ? 'numeric' : 'text'}
            maxLength={mode === 'code' ? 7 : 16}
            autoFocus
            required
            value={value}
            aria-invalid={missing ? true : undefined}
            aria-describedby={missing ? 'mfa-missing' : undefined}
            onChange={(event) => setValue(event.target.value)}
          />
          {missing && (
            <div id="mfa-missing" className="invalid-feedback d-block">
              {t('required')}
            </div>
          )}
        </div>
        <div className="d-flex flex-wrap align-items-center gap-3">
          <SubmitButton isBusy={isBusy} busyLabel={t('submit')}>
            {t('submit')}
          </SubmitButton>
          {hasTotp && methods.includes('recovery_code') && (
            <button
              type="button"
              className="btn btn-link p-0"
              onClick={() => {
                setMode(mode === 'code' ? 'recovery' : 'code');
                setValue('');
                setMissing(false);
              }}
            >
              {mode === 'code' ? t('useRecovery') : t('useCode')}
            </button>
          )}
          <button type="button" className="btn btn-link p-0" onClick={onRestart}>
            {t('back')}
          </button>
        </div>
      </form>
    </div>
  );
}
