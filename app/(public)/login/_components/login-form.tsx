'use client';

import { useEffect, useState, type FormEvent } from 'react';
import Link from 'next/link';
import { signInWithCredentials } from '@/lib/auth/browser-auth';
import { useTranslations } from 'next-intl';
import { matchRoute } from '@/lib/auth/route-table';
import { parseSignInError, type ParsedSignInError, type SecondFactorMethod } from '@/lib/auth/sign-in-error';
import { SecondFactorForm } from './second-factor-form';
import { SubmitButton } from '@/components/record/submit-button';

/** Counts down once a second (seed §9: alert countdown step 1 s). */
function useCountdown(seconds: number | undefined) {
  const [countdown, setCountdown] = useState({ seconds, left: seconds ?? 0 });
  // A new answer restarts the count while rendering, not one render later in an effect.
  if (countdown.seconds !== seconds) setCountdown({ seconds, left: seconds ?? 0 });
  useEffect(() => {
    if (!seconds) return;
    const timer = window.setInterval(
      () => setCountdown((value) => ({ ...value, left: Math.max(0, value.left - 1) })),
      1000,
    );
    return () => window.clearInterval(timer);
  }, [seconds]);
  return countdown.seconds === seconds ? countdown.left : (seconds ?? 0);
}

export function LoginForm({ callbackUrl }: { callbackUrl: string }) {
  const t = useTranslations('login');
  const tDuration = useTranslations('duration');
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [isBusy, setBusy] = useState(false);
  const [error, setError] = useState<ParsedSignInError | null>(null);
  const [attempt, setAttempt] = useState(0);
  const [secondStep, setSecondStep] = useState<{ mfaToken: string; methods: SecondFactorMethod[] } | null>(null);
  const left = useCountdown(error && 'retryAfterSeconds' in error ? error.retryAfterSeconds : undefined);

  const duration = (seconds: number) =>
    seconds >= 60
      ? tDuration('minutesSeconds', { minutes: Math.floor(seconds / 60), seconds: seconds % 60 })
      : tDuration('seconds', { seconds });

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (isBusy) return;
    if (!email.trim() || !password) {
      setError({ code: 'required' });
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const result = await signInWithCredentials({ email: email.trim(), password });
      // next-auth reports a CSRF failure as a URL, not as an error.
      if (result.error || !result.ok || result.url?.includes('csrf=true')) {
        const parsed = parseSignInError(result.error);
        if (parsed.code === 'mfa_required') {
          // The password was right: the second step follows, with the token kept in state only.
          setSecondStep({ mfaToken: parsed.mfaToken, methods: parsed.methods });
          setPassword('');
          setBusy(false);
          return;
        }
        setError(parsed);
        setAttempt((n) => n + 1);
        setBusy(false);
        return;
      }
      // A full navigation, so every server component renders with the new session.
      window.location.assign(callbackUrl);
    } catch {
      setError({ code: 'unreachable' });
      setBusy(false);
    }
  }

  let message: string | null = null;
  if (error) {
    if (error.code === 'required') message = t('required');
    else if (error.code === 'locked')
      message = left > 0 ? t('errors.locked', { time: duration(left) }) : t('errors.lockedOver');
    else if (error.code === 'rate_limited') message = t('errors.rate_limited', { time: duration(Math.max(left, 1)) });
    else if (error.code !== 'mfa_required') message = t(`errors.${error.code}`);
  }

  const alert = message && (
    <div
      id="login-error"
      key={attempt}
      className="alert alert-danger"
      role="alert"
      data-testid="login-error"
      data-code={error?.code}
    >
      {message}
    </div>
  );

  if (secondStep) {
    return (
      <>
        {alert}
        <SecondFactorForm
          mfaToken={secondStep.mfaToken}
          methods={secondStep.methods}
          callbackUrl={callbackUrl}
          onRestart={() => setSecondStep(null)}
          onError={(next) => {
            setError(next);
            if (next) setAttempt((n) => n + 1);
          }}
        />
      </>
    );
  }

  return (
    <form onSubmit={onSubmit} noValidate aria-describedby={message ? 'login-error' : undefined}>
      {alert}
      <div className="mb-3">
        <label htmlFor="email" className="form-label">
          {t('email')}
        </label>
        <input
          id="email"
          name="email"
          type="email"
          autoComplete="username"
          className="form-control"
          required
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          aria-invalid={error?.code === 'invalid' || error?.code === 'required' ? true : undefined}
        />
      </div>
      <div className="mb-3">
        <label htmlFor="password" className="form-label">
          {t('password')}
        </label>
        <input
          id="password"
          name="password"
          type="password"
          autoComplete="current-password"
          className="form-control"
          required
          value={password}
          onChange={(event) => setPassword(event.target.value)}
          aria-invalid={error?.code === 'invalid' || error?.code === 'required' ? true : undefined}
        />
      </div>
      <div className="d-flex align-items-center justify-content-between gap-3">
        <SubmitButton isBusy={isBusy} busyLabel={t('submitting')}>
          {t('submit')}
        </SubmitButton>
        {matchRoute('/pw-vergessen/') && <Link href="/pw-vergessen/">{t('forgotPassword')}</Link>}
      </div>
    </form>
  );
}
