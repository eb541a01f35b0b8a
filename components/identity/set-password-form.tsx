'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { applyServerErrors } from '@/components/ui/form/apply-server-errors';
import { useLightForm } from '@/components/ui/form/use-light-form';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/schemas/user-rules';
import { activateAction, resetPasswordAction } from './identity-actions';
import { tokenProblemOf, type TokenProblem } from './token-problem';
import { TokenProblemView } from './token-problem-view';
import { useProblemText } from '@/components/ui/form/problem-text';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import { SubmitButton } from '@/components/record/submit-button';

interface SetPasswordValues {
  password: string;
  passwordRepeat: string;
}

export interface SetPasswordFormProps {
  token: string;
  /** `reset` (`/pw-reset/`) or `activate` (`/aktivierung/`, the first password of an invited user). */
  purpose: 'reset' | 'activate';
}

/** The API names the new password `password` here and `newPassword` in the profile. */
const PASSWORD_PATHS = new Set(['password', 'newPassword']);

/**
 * A new password, twice, with the rules in view. The link's token is checked when the form is
 * sent: a used, expired or unknown link turns the page into an explanation with the way forward;
 * a password the policy refuses gets the API's reason on the field.
 */
export function SetPasswordForm({ token, purpose }: SetPasswordFormProps) {
  const t = useTranslations('identity');
  const problemText = useProblemText();
  // The refusal texts load with the first refusal (issue 15).
  const apiProblemText = useLazyApiProblemText();
  const router = useRouter();
  const [problem, setProblem] = useState<TokenProblem | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isDone, setDone] = useState(false);
  const mismatch = t('password.mismatch');
  const loadSchema = () => import('./set-password-schema').then((module) => module.setPasswordSchema(mismatch));
  // Two fields, opened from e-mails: no react-hook-form (useLightForm says why).
  const form = useLightForm(loadSchema, { password: '', passwordRepeat: '' });
  const { errors, submitCount } = form.formState;
  const isBusy = form.formState.isSubmitting || isDone;

  async function onSubmit(values: SetPasswordValues) {
    setFailure(null);
    const action = purpose === 'reset' ? resetPasswordAction : activateAction;
    const result = await action(token, values.password);
    if (result.ok) {
      setDone(true);
      router.push(`/login/?reason=${purpose === 'reset' ? 'password-set' : 'activated'}`);
      return;
    }
    const tokenProblem = tokenProblemOf(result.error);
    if (tokenProblem) {
      setProblem(tokenProblem);
      return;
    }
    if (result.error.statusCode === 422 && result.error.details?.length) {
      const passwordDetails = result.error.details
        .filter((detail) => PASSWORD_PATHS.has(detail.path))
        .map((detail) => ({ ...detail, path: 'password' }));
      const { applied } = applyServerErrors(form.setError, passwordDetails, {
        fields: ['password'],
        translate: problemText,
      });
      if (applied.length > 0) return;
    }
    setFailure(await apiProblemText(result.error).catch(() => result.error.message));
  }

  if (problem) return <TokenProblemView problem={problem} purpose={purpose} />;

  const rules = (
    <>
      <span className="d-block">{t('password.rulesTitle')}</span>
      <ul className="mb-0 ps-3">
        <li>{t('password.rules.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}</li>
        <li>{t('password.rules.common')}</li>
        <li>{t('password.rules.localPart')}</li>
      </ul>
    </>
  );

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} data-testid="set-password-form">
      <FormErrorSummary
        errors={errors}
        submitCount={submitCount}
        labels={{ password: t('password.new'), passwordRepeat: t('password.repeat') }}
        title={t('password.errorSummary')}
      />
      {failure ? (
        <div className="alert alert-danger" role="alert">
          {t('password.failed', { message: failure })}
        </div>
      ) : null}
      <FormField
        type="password"
        label={t('password.new')}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        help={rules}
        error={errors.password}
        {...form.register('password')}
      />
      <FormField
        type="password"
        label={t('password.repeat')}
        required
        autoComplete="new-password"
        maxLength={PASSWORD_MAX_LENGTH}
        error={errors.passwordRepeat}
        {...form.register('passwordRepeat')}
      />
      <SubmitButton isBusy={isBusy} busyLabel={t('password.saving')}>
        {purpose === 'reset' ? t('reset.submit') : t('activate.submit')}
      </SubmitButton>
    </form>
  );
}
