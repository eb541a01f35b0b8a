'use client';

import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { applyServerErrors } from '@/components/ui/form/apply-server-errors';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { useToast } from '@/components/ui/toast-provider';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/schemas/user-rules';
import { changePasswordAction } from './profile-actions';
import { useProblemText } from '@/components/ui/form/problem-text';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import { SubmitButton } from '@/components/record/submit-button';

interface PasswordChangeValues {
  currentPassword: string;
  newPassword: string;
  newPasswordRepeat: string;
}

const EMPTY: PasswordChangeValues = { currentPassword: '', newPassword: '', newPasswordRepeat: '' };

/** Change the password: the current one proves it is the user; the API ends the other sessions. */
export function PasswordChangeForm() {
  const t = useTranslations('profile.password');
  const problemText = useProblemText();
  const apiProblemText = useLazyApiProblemText();
  const tIdentity = useTranslations('identity.password');
  const router = useRouter();
  const showToast = useToast();
  const mismatch = tIdentity('mismatch');
  const loadSchema = () => import('./password-change-schema').then((module) => module.passwordChangeSchema(mismatch));
  const form = useZodForm<PasswordChangeValues, PasswordChangeValues>(loadSchema, { defaultValues: EMPTY });
  const { errors, submitCount } = form.formState;
  const isBusy = form.formState.isSubmitting;

  async function onSubmit(values: PasswordChangeValues) {
    const result = await changePasswordAction(values.currentPassword, values.newPassword);
    if (result.ok) {
      form.reset(EMPTY);
      showToast({ variant: 'success', message: t('changed') });
      router.refresh();
      return;
    }
    const { statusCode, details } = result.error;
    if ((statusCode === 422 || statusCode === 400 || statusCode === 403) && details?.length) {
      const { unmatched } = applyServerErrors(
        form.setError,
        details.map((detail) => (detail.path === 'password' ? { ...detail, path: 'newPassword' } : detail)),
        { fields: ['currentPassword', 'newPassword'], translate: problemText },
      );
      if (unmatched.length === 0) return;
    }
    form.setError('root.server', {
      type: 'server',
      message: t('failed', { message: await apiProblemText(result.error) }),
    });
  }

  const rules = (
    <>
      <span className="d-block">{tIdentity('rulesTitle')}</span>
      <ul className="mb-0 ps-3">
        <li>{tIdentity('rules.length', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}</li>
        <li>{tIdentity('rules.common')}</li>
        <li>{tIdentity('rules.localPart')}</li>
      </ul>
    </>
  );

  return (
    <section aria-labelledby="profile-password-heading" className="card mb-4">
      <div className="card-body">
        <h2 id="profile-password-heading" className="h5 card-title">
          {t('title')}
        </h2>
        <p className="text-body-secondary">{t('intro')}</p>
        <form noValidate onSubmit={form.handleSubmit(onSubmit)} data-testid="password-change-form">
          <FormErrorSummary
            errors={errors}
            submitCount={submitCount}
            labels={{ currentPassword: t('current'), newPassword: t('new'), newPasswordRepeat: t('repeat') }}
            title={t('errorSummary')}
          />
          <div className="row g-3 mb-3">
            <div className="col-md-4">
              <FormField
                type="password"
                label={t('current')}
                required
                className="mb-0"
                autoComplete="current-password"
                maxLength={1024}
                error={errors.currentPassword}
                {...form.register('currentPassword')}
              />
            </div>
            <div className="col-md-4">
              <FormField
                type="password"
                label={t('new')}
                required
                className="mb-0"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX_LENGTH}
                help={rules}
                error={errors.newPassword}
                {...form.register('newPassword')}
              />
            </div>
            <div className="col-md-4">
              <FormField
                type="password"
                label={t('repeat')}
                required
                className="mb-0"
                autoComplete="new-password"
                maxLength={PASSWORD_MAX_LENGTH}
                error={errors.newPasswordRepeat}
                {...form.register('newPasswordRepeat')}
              />
            </div>
          </div>
          <SubmitButton isBusy={isBusy} busyLabel={t('saving')}>
            {t('submit')}
          </SubmitButton>
        </form>
      </div>
    </section>
  );
}
