'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { applyServerErrors } from '@/components/ui/form/apply-server-errors';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { changeEmailAction } from './profile-actions';
import { useProblemText } from '@/components/ui/form/problem-text';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import { SubmitButton } from '@/components/record/submit-button';

interface EmailChangeValues {
  email: string;
  currentPassword: string;
}

const EMPTY: EmailChangeValues = { email: '', currentPassword: '' };
/** The password form on the same page has a `currentPassword` too: ids of their own. */
const idFor = (path: string) => `email-change-${path}`;
const loadSchema = () => import('./email-change-schema').then((module) => module.emailChangeFormSchema);

/**
 * Change the sign-in address: a confirmation link goes to the new address, and the address
 * changes only once it is opened (`/bestaetigung/`). Until then the old one stays valid.
 */
export function EmailChangeForm({ currentEmail }: { currentEmail: string }) {
  const t = useTranslations('profile.email');
  const problemText = useProblemText();
  const apiProblemText = useLazyApiProblemText();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm<EmailChangeValues, EmailChangeValues>(loadSchema, { defaultValues: EMPTY });
  const { errors, submitCount } = form.formState;
  const isBusy = form.formState.isSubmitting;

  async function onSubmit(values: EmailChangeValues) {
    setSentTo(null);
    const result = await changeEmailAction(values.email, values.currentPassword);
    if (result.ok) {
      form.reset(EMPTY);
      setSentTo(values.email);
      return;
    }
    const { statusCode, details } = result.error;
    if ((statusCode === 422 || statusCode === 400 || statusCode === 403 || statusCode === 409) && details?.length) {
      const { unmatched } = applyServerErrors(form.setError, details, {
        fields: ['email', 'currentPassword'],
        translate: problemText,
      });
      if (unmatched.length === 0) return;
    }
    form.setError('root.server', {
      type: 'server',
      message: t('failed', { message: await apiProblemText(result.error) }),
    });
  }

  return (
    <section aria-labelledby="profile-email-heading" className="card mb-4">
      <div className="card-body">
        <h2 id="profile-email-heading" className="h5 card-title">
          {t('title')}
        </h2>
        <p className="text-body-secondary">{t('intro', { email: currentEmail })}</p>
        {sentTo ? (
          <div className="alert alert-success" role="status" data-testid="email-change-sent">
            {t('sent', { email: sentTo })}
          </div>
        ) : null}
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} data-testid="email-change-form">
          <FormErrorSummary
            errors={errors}
            submitCount={submitCount}
            labels={{ email: t('new'), currentPassword: t('currentPassword') }}
            title={t('errorSummary')}
            idFor={idFor}
          />
          <div className="row g-3 mb-3">
            <div className="col-md-6">
              <FormField
                type="email"
                id={idFor('email')}
                label={t('new')}
                required
                className="mb-0"
                autoComplete="email"
                maxLength={254}
                error={errors.email}
                {...form.register('email')}
              />
            </div>
            <div className="col-md-6">
              <FormField
                type="password"
                id={idFor('currentPassword')}
                label={t('currentPassword')}
                required
                className="mb-0"
                autoComplete="current-password"
                maxLength={1024}
                error={errors.currentPassword}
                {...form.register('currentPassword')}
              />
            </div>
          </div>
          <SubmitButton isBusy={isBusy} busyLabel={t('sending')}>
            {t('submit')}
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
