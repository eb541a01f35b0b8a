'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useTranslations } from 'next-intl';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { applyServerErrors } from '@/components/ui/form/apply-server-errors';
import { useLightForm } from '@/components/ui/form/use-light-form';
import { forgotPasswordAction } from '@/components/identity/identity-actions';
import { useProblemText } from '@/components/ui/form/problem-text';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import { SubmitButton } from '@/components/record/submit-button';

const loadSchema = () => import('./forgot-password-schema').then((module) => module.forgotPasswordSchema);

/**
 * Asks for the e-mail address and then always says the same, whether an account exists or not
 * (no user enumeration). Invited users who lost their invitation get a new one the same way.
 */
export function ForgotPasswordForm() {
  const t = useTranslations('identity.forgot');
  const problemText = useProblemText();
  // The refusal texts load with the first refusal (issue 15).
  const apiProblemText = useLazyApiProblemText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  // One field, opened from e-mails: no react-hook-form (useLightForm says why).
  const form = useLightForm(loadSchema, { email: '' });
  const { errors, submitCount } = form.formState;
  const isBusy = form.formState.isSubmitting;

  async function onSubmit(values: { email: string }) {
    setFailure(null);
    const result = await forgotPasswordAction(values.email);
    if (result.ok) {
      setSentTo(values.email);
      return;
    }
    if (result.error.statusCode === 422 && result.error.details?.length) {
      applyServerErrors(form.setError, result.error.details, { fields: ['email'], translate: problemText });
      return;
    }
    setFailure(await apiProblemText(result.error).catch(() => result.error.message));
  }

  if (sentTo) {
    return (
      <>
        <div className="alert alert-success" role="status" data-testid="forgot-sent">
          {t('sent')}
        </div>
        <p className="text-body-secondary">{t('sentHint')}</p>
        <div className="d-flex flex-wrap gap-2">
          <Link href="/login/" className="btn btn-primary">
            {t('backToLogin')}
          </Link>
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              setSentTo(null);
              form.reset({ email: sentTo });
            }}
          >
            {t('again')}
          </button>
        </div>
      </>
    );
  }

  return (
    <form noValidate onSubmit={form.handleSubmit(onSubmit)} data-testid="forgot-password-form">
      <FormErrorSummary
        errors={errors}
        submitCount={submitCount}
        labels={{ email: t('email') }}
        title={t('errorSummary')}
      />
      {failure ? (
        <div className="alert alert-danger" role="alert">
          {t('failed', { message: failure })}
        </div>
      ) : null}
      <FormField
        type="email"
        label={t('email')}
        required
        autoComplete="username"
        maxLength={254}
        error={errors.email}
        {...form.register('email')}
      />
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-3">
        <SubmitButton isBusy={isBusy} busyLabel={t('submitting')}>
          {t('submit')}
        </SubmitButton>
        <Link href="/login/">{t('backToLogin')}</Link>
      </div>
    </form>
  );
}
