'use client';

import { useId, useState, useTransition } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SaveProblemAlert } from '@/components/record/save-problem';
import { SubmitButton } from '@/components/record/submit-button';
import { useVersionedSave } from '@/components/record/use-versioned-save';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { RequiredHint } from '@/components/ui/form/required-hint';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { useToast } from '@/components/ui/toast-provider';
import { setLocaleAction } from '@/lib/i18n/set-locale-action';
import { LOCALES, type Locale } from '@/lib/schemas/locales';
import { THEMES, type ThemePreference } from '@/lib/schemas/themes';
import type { Profile } from '@/lib/schemas/user';
import { useThemeChoice } from '@/components/layout/use-theme-choice';
import { UserConflictPanel, comparableFromUser } from '@/components/users/user-conflict-panel';
import { updateProfileAction } from './profile-actions';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

interface PersonalValues {
  firstName: string;
  lastName: string;
  phone: string;
}

const PERSONAL_FIELDS = ['firstName', 'lastName', 'phone'] as const;
const loadPersonalSchema = () => import('./profile-settings-schema').then((module) => module.personalSchema);

/**
 * The profile from an API answer (a 409's current record), or `undefined` when it is not one. The
 * schema (and zod) load with `import()` when the answer arrives, so they stay out of the page's
 * first load (issue 15); should that load fail, the answer counts as not parsed.
 */
async function parseProfile(value: unknown): Promise<Profile | undefined> {
  const schemas = await import('@/lib/schemas/user').catch(() => undefined);
  return schemas?.profileSchema.safeParse(value).data;
}

const valuesOf = (profile: Profile): PersonalValues => ({
  firstName: profile.firstName,
  lastName: profile.lastName,
  phone: profile.phone,
});

/**
 * The user's own name, phone, language and theme. All parts save against the profile's version
 * (one record), so the version lives here. The language and the theme save as soon as they are
 * chosen and switch the interface at once.
 */
export function ProfileSettings({ profile }: { profile: Profile }) {
  const t = useTranslations('profile');
  const apiProblemText = useLazyApiProblemText();
  const tCommon = useTranslations('common');
  const router = useRouter();
  const showToast = useToast();
  const languageId = useId();
  const themeId = useId();
  const [isSwitching, startSwitch] = useTransition();
  /** The language chosen in the select, shown while it saves. */
  const [chosenLocale, setChosenLocale] = useState(profile.locale);

  const form = useZodForm<PersonalValues, PersonalValues>(loadPersonalSchema, { defaultValues: valuesOf(profile) });
  const { errors, submitCount } = form.formState;
  const { base, conflict, problem, isBusy, onSubmit, overwrite, takeCurrent, adopt } = useVersionedSave({
    form,
    initial: profile,
    isFormPath: (path) => (PERSONAL_FIELDS as readonly string[]).includes(path),
    parseRecord: parseProfile,
    toFormValues: valuesOf,
    changes: (values, before) =>
      Object.fromEntries(
        PERSONAL_FIELDS.filter((field) => values[field].trim() !== before[field].trim()).map((field) => [
          field,
          values[field],
        ]),
      ),
    onUnchanged: () => showToast({ variant: 'info', message: t('toasts.nothingChanged') }),
    update: (_id, version, changes) => updateProfileAction(version, changes),
    onUpdated: (saved) => ({ toast: { variant: 'success', message: t('toasts.saved') }, record: saved }),
    failed: (message) => t('toasts.failed', { message }),
  });
  // The profile always exists: the hook's `base` is only `null` for a create.
  const current = base ?? profile;
  // The same choice as the user menu's; saved with the profile's newest version, which the form adopts.
  const theme = useThemeChoice(profile.theme, {
    onSaved: adopt,
    onFailed: (error) =>
      void apiProblemText(error).then((message) =>
        showToast({ variant: 'danger', message: t('toasts.failed', { message }) }),
      ),
  });

  function switchLanguage(next: Locale) {
    setChosenLocale(next);
    startSwitch(async () => {
      let result = await updateProfileAction(current.version, { locale: next });
      // Only the language is sent: on a stale version it is safe to send it again on top.
      if (!result.ok && result.error.statusCode === 409) {
        const latest = await parseProfile(result.error.current);
        if (latest) result = await updateProfileAction(latest.version, { locale: next });
      }
      if (!result.ok) {
        setChosenLocale(current.locale);
        showToast({ variant: 'danger', message: t('toasts.failed', { message: await apiProblemText(result.error) }) });
        return;
      }
      adopt(result.data);
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
          <form noValidate onSubmit={onSubmit} data-testid="profile-form">
            <RequiredHint />
            <FormErrorSummary
              errors={errors}
              submitCount={submitCount}
              labels={{ firstName: t('fields.firstName'), lastName: t('fields.lastName'), phone: t('fields.phone') }}
              title={t('errorSummary')}
            />
            {conflict ? (
              <UserConflictPanel
                mine={{ ...comparableFromUser(current), ...conflict.mine }}
                current={conflict.current}
                base={current}
                fields={PERSONAL_FIELDS}
                title={t('personal.conflictTitle')}
                isBusy={isBusy}
                onOverwrite={overwrite}
                onTakeCurrent={takeCurrent}
              />
            ) : null}
            <SaveProblemAlert problem={problem} />
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
                  {current.email}
                </span>
              </div>
            </div>
            <SubmitButton isBusy={isBusy} busyLabel={t('saving')}>
              {t('personal.save')}
            </SubmitButton>
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

      <section aria-labelledby="profile-theme-heading" className="card mb-4">
        <div className="card-body">
          <h2 id="profile-theme-heading" className="h5 card-title">
            {t('theme.title')}
          </h2>
          <label htmlFor={themeId} className="form-label">
            {t('theme.label')}
          </label>
          <select
            id={themeId}
            className="form-select w-auto"
            value={theme.choice}
            aria-busy={theme.isSaving || undefined}
            aria-describedby={`${themeId}-help`}
            onChange={(event) => theme.choose(event.target.value as ThemePreference)}
            data-testid="profile-theme"
          >
            {THEMES.map((option) => (
              <option key={option} value={option}>
                {tCommon(`themes.${option}`)}
              </option>
            ))}
          </select>
          <div id={`${themeId}-help`} className="form-text">
            {t('theme.help')}
          </div>
        </div>
      </section>
    </>
  );
}
