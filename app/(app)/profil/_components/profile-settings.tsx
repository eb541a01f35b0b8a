'use client';

import { useId, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { z } from '@/lib/schemas/zod';
import { FormErrorSummary, FormField, RequiredHint, applyServerErrors, useZodForm } from '@/components/ui/form';
import { useToast } from '@/components/ui/toast-provider';
import type { ActionError } from '@/lib/api-client/action';
import { setLocaleAction } from '@/lib/i18n/set-locale-action';
import { LOCALES, type Locale } from '@/lib/schemas/locales';
import { profileSchema, profileUpdateSchema, type User } from '@/lib/schemas/user';
import { UserConflictPanel, comparableFromUser } from '../../benutzer/_components/user-conflict-panel';
import { updateProfileAction } from './profile-actions';

interface PersonalValues {
  firstName: string;
  lastName: string;
  phone: string;
}

const PERSONAL_FIELDS = ['firstName', 'lastName', 'phone'] as const;
const { firstName, lastName, phone } = profileUpdateSchema.shape;
const personalSchema = z.object({ firstName: firstName.unwrap(), lastName: lastName.unwrap(), phone: phone.unwrap() });

const valuesOf = (profile: User): PersonalValues => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: profile.phone,
});

/**
 * The user's own name, phone and language. Both parts save against the profile's version (one
 * record), so the version lives here. The language saves as soon as it is chosen and switches
 * the interface at once.
 */
export function ProfileSettings({ profile }: { profile: User }) {
  const t = useTranslations('profile');
  const tCommon = useTranslations('common');
  const router = useRouter();
  const showToast = useToast();
  const languageId = useId();
  const [base, setBase] = useState(profile);
  const [conflict, setConflict] = useState<User | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [isSwitching, startSwitch] = useTransition();
  /** The language chosen in the select, shown while it saves. */
  const [chosenLocale, setChosenLocale] = useState(profile.locale);

  const form = useZodForm<PersonalValues, PersonalValues>(personalSchema, { defaultValues: valuesOf(profile) });
  const { errors, submitCount } = form.formState;
  const isBusy = form.formState.isSubmitting;

  function handleFailure(error: ActionError): boolean {
    if (error.statusCode === 422 && error.details?.length) {
      applyServerErrors(form.setError, error.details, { fields: PERSONAL_FIELDS });
      return true;
    }
    if (error.statusCode === 409) {
      const current = profileSchema.safeParse(error.current);
      if (current.success) {
        setConflict(current.data);
        return true;
      }
    }
    setFailure(error.message);
    return false;
  }

  async function savePersonal(values: PersonalValues, version: number) {
    setFailure(null);
    setConflict(null);
    const changes = Object.fromEntries(
      PERSONAL_FIELDS.filter((field) => values[field].trim() !== base[field].trim()).map((field) => [
        field,
        values[field],
      ]),
    );
    if (Object.keys(changes).length === 0) {
      showToast({ variant: 'info', message: t('toasts.nothingChanged') });
      return;
    }
    const result = await updateProfileAction(version, changes);
    if (!result.ok) {
      handleFailure(result.error);
      return;
    }
    setBase(result.data);
    form.reset(valuesOf(result.data));
    showToast({ variant: 'success', message: t('toasts.saved') });
    router.refresh();
  }

  function switchLanguage(next: Locale) {
    setFailure(null);
    setChosenLocale(next);
    startSwitch(async () => {
      let result = await updateProfileAction(base.version, { locale: next });
      // Only the language is sent: on a stale version it is safe to send it again on top.
      if (!result.ok && result.error.statusCode === 409) {
        const current = profileSchema.safeParse(result.error.current);
        if (current.success) result = await updateProfileAction(current.data.version, { locale: next });
      }
      if (!result.ok) {
        setChosenLocale(base.locale);
        showToast({ variant: 'danger', message: t('toasts.failed', { message: result.error.message }) });
        return;
      }
      setBase(result.data);
      await setLocaleAction(next);
      router.refresh();
    });
  }

  return (
    <>
      <section aria-labelledby="profile-personal-heading" className="card mb-4">
        <div className="card-body">
          <h2 id="profile-personal-heading" className="h5 card-title">
            {t('personal.title')}
          </h2>
          <form
            noValidate
            onSubmit={form.handleSubmit((values) => savePersonal(values, base.version))}
            data-testid="profile-form"
          >
            <RequiredHint />
            <FormErrorSummary
              errors={errors}
              submitCount={submitCount}
              labels={{ firstName: t('fields.firstName'), lastName: t('fields.lastName'), phone: t('fields.phone') }}
              title={t('errorSummary')}
            />
            {conflict ? (
              <UserConflictPanel
                mine={{ ...comparableFromUser(base), ...form.getValues() }}
                current={conflict}
                base={base}
                fields={PERSONAL_FIELDS}
                title={t('personal.conflictTitle')}
                isBusy={isBusy}
                onOverwrite={() => {
                  const version = conflict.version;
                  void form.handleSubmit((values) => savePersonal(values, version))();
                }}
                onTakeCurrent={() => {
                  form.reset(valuesOf(conflict));
                  setBase(conflict);
                  setConflict(null);
                }}
              />
            ) : null}
            {failure ? (
              <div className="alert alert-danger" role="alert">
                {t('toasts.failed', { message: failure })}
              </div>
            ) : null}
            <div className="row g-3 mb-3">
              <div className="col-md-6">
                <FormField
                  label={t('fields.firstName')}
                  required
                  className="mb-0"
                  autoComplete="given-name"
                  maxLength={100}
                  error={errors.firstName}
                  {...form.register('firstName')}
                />
              </div>
              <div className="col-md-6">
                <FormField
                  label={t('fields.lastName')}
                  required
                  className="mb-0"
                  autoComplete="family-name"
                  maxLength={100}
                  error={errors.lastName}
                  {...form.register('lastName')}
                />
              </div>
              <div className="col-md-6">
                <FormField
                  type="tel"
                  label={t('fields.phone')}
                  className="mb-0"
                  autoComplete="tel"
                  maxLength={50}
                  error={errors.phone}
                  {...form.register('phone')}
                />
              </div>
              <div className="col-md-6">
                <span className="form-label d-block">{t('fields.email')}</span>
                <span className="form-control-plaintext py-0" data-testid="profile-email">
                  {base.email}
                </span>
              </div>
            </div>
            <button type="submit" className="btn btn-primary" disabled={isBusy} aria-busy={isBusy || undefined}>
              {isBusy ? (
                <>
                  <span className="spinner-border spinner-border-sm me-2" aria-hidden="true" />
                  {t('saving')}
                </>
              ) : (
                t('personal.save')
              )}
            </button>
          </form>
        </div>
      </section>

      <section aria-labelledby="profile-language-heading" className="card mb-4">
        <div className="card-body">
          <h2 id="profile-language-heading" className="h5 card-title">
            {t('language.title')}
          </h2>
          <label htmlFor={languageId} className="form-label">
            {t('language.label')}
          </label>
          <select
            id={languageId}
            className="form-select w-auto"
            value={chosenLocale}
            disabled={isSwitching}
            aria-busy={isSwitching || undefined}
            aria-describedby={`${languageId}-help`}
            onChange={(event) => switchLanguage(event.target.value as Locale)}
            data-testid="profile-language"
          >
            {LOCALES.map((code) => (
              <option key={code} value={code} lang={code}>
                {tCommon(`languages.${code}`)}
              </option>
            ))}
          </select>
          <div id={`${languageId}-help`} className="form-text">
            {t('language.help')}
          </div>
        </div>
      </section>
    </>
  );
}
