'use client';

import Link from 'next/link';
import { FormProvider } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { ConflictPanel } from '@/components/record/conflict-panel';
import { SaveProblemAlert } from '@/components/record/save-problem';
import { SubmitButton } from '@/components/record/submit-button';
import { useVersionedSave } from '@/components/record/use-versioned-save';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { RequiredHint } from '@/components/ui/form/required-hint';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { AccountPicker } from '@/components/users/account-picker';
import type { AccountOption } from '@/components/users/account-option';
import { hrefs } from '@/lib/hrefs';
import type { WhitelistEntry } from '@/lib/schemas/whitelist';
import { WHITELIST_NOTE_MAX } from '@/lib/schemas/whitelist-normalise';
import { displayWhitelistValue } from '@/lib/schemas/whitelist-value';
import { createWhitelistEntryAction, updateWhitelistEntryAction } from './whitelist-actions';

interface FormValues {
  accountId: string | null;
  value: string;
  note: string;
  /** `''` for no end date (the date input's empty value). */
  validUntil: string;
}

interface ParsedValues {
  accountId: string | null;
  /** As stored: lower case, domains in punycode. */
  value: string;
  note: string;
  validUntil: string | null;
}

const FIELDS = ['value', 'note', 'validUntil'] as const;
type Field = (typeof FIELDS)[number];

export type WhitelistEntryFormProps =
  | { initial: WhitelistEntry; accounts?: never; hasMoreAccounts?: never; defaultAccountId?: never }
  | { initial?: never; accounts: readonly AccountOption[]; hasMoreAccounts: boolean; defaultAccountId: string | null };

const toFormValues = (entry: WhitelistEntry): FormValues => ({
  accountId: entry.accountId,
  value: entry.displayValue,
  note: entry.note,
  validUntil: entry.validUntil ?? '',
});

/**
 * One whitelist entry: new for a chosen account, or edited against the version it was read at.
 * The value is checked and normalised in the browser exactly as the API does (same module), with
 * the messages in the UI language; the API's 409 for a value the account has already lands on the field.
 */
export function WhitelistEntryForm(props: WhitelistEntryFormProps) {
  const t = useTranslations('whitelist');
  const isEdit = props.initial !== undefined;

  const loadSchema = () =>
    import('./whitelist-entry-form-schema').then(
      (module) =>
        module.whitelistEntryFormSchema(isEdit, {
          required: t('validation.value_missing'),
          valueProblem: (problem) => t(`validation.${problem}`),
        }) as unknown as z.ZodType<ParsedValues, FormValues>,
    );

  const form = useZodForm(loadSchema, {
    defaultValues: props.initial
      ? toFormValues(props.initial)
      : { accountId: props.defaultAccountId ?? null, value: '', note: '', validUntil: '' },
  });
  const { errors, submitCount } = form.formState;
  const duplicate = t('validation.duplicate');
  const { base, conflict, problem, isBusy, onSubmit, overwrite, takeCurrent } = useVersionedSave({
    form,
    initial: props.initial ?? null,
    isFormPath: (path) => (FIELDS as readonly string[]).includes(path) || (!isEdit && path === 'accountId'),
    parseRecord: async (value) => (await import('@/lib/schemas/whitelist')).whitelistEntrySchema.safeParse(value).data,
    toFormValues,
    changes: (values, before) => {
      const changed: Record<string, unknown> = {};
      if (values.value !== before.value) changed.value = values.value;
      if (values.note !== before.note) changed.note = values.note;
      if (values.validUntil !== before.validUntil) changed.validUntil = values.validUntil;
      return changed;
    },
    recordHref: (entry) => hrefs.whitelistEntry(entry.id),
    update: (id, version, changes) => updateWhitelistEntryAction(id, version, changes),
    onUpdated: (entry) => ({
      toast: { variant: 'success', message: t('toasts.saved') },
      href: hrefs.whitelistEntry(entry.id),
    }),
    create: {
      send: (values, idempotencyKey) =>
        createWhitelistEntryAction(
          { accountId: values.accountId ?? '', value: values.value, note: values.note, validUntil: values.validUntil },
          idempotencyKey,
        ),
      onCreated: (entry) => ({
        toast: { variant: 'success', message: t('toasts.created', { value: entry.displayValue }) },
        href: hrefs.whitelistEntry(entry.id),
      }),
    },
    failed: (message) => t('toasts.failed', { message }),
    // A value the account has already: 409 about `value`, shown on the field in the UI language.
    explain: (error) => {
      if (error.statusCode === 409 && error.details?.some((detail) => detail.path === 'value')) {
        form.setError('value', { type: 'server', message: duplicate });
        return true;
      }
      return undefined;
    },
  });

  const labels: Record<string, string> = {
    accountId: t('fields.account'),
    value: t('fields.value'),
    note: t('fields.note'),
    validUntil: t('fields.validUntil'),
  };
  const comparable = (values: { value: string; note: string; validUntil: string | null }) => values;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} data-testid="whitelist-form">
        <RequiredHint />
        <FormErrorSummary errors={errors} submitCount={submitCount} labels={labels} title={t('form.errorSummary')} />
        {conflict && base ? (
          <ConflictPanel<Field, { value: string; note: string; validUntil: string | null }>
            fields={FIELDS}
            mine={comparable(conflict.mine)}
            theirs={comparable(conflict.current)}
            base={comparable(base)}
            focusKey={conflict.current.version}
            title={t('form.errorSummary')}
            labelOf={(field) => labels[field] ?? field}
            show={(field, values) =>
              field === 'value'
                ? displayWhitelistValue(values.value.includes('@') ? 'email' : 'domain', values.value)
                : (values[field] ?? t('unlimited'))
            }
            onOverwrite={overwrite}
            onTakeCurrent={takeCurrent}
            isBusy={isBusy}
          />
        ) : null}
        <SaveProblemAlert problem={problem} />
        <div className="row g-3 mb-4">
          {isEdit ? null : (
            <div className="col-md-8">
              <AccountPicker
                options={props.accounts ?? []}
                hasMore={props.hasMoreAccounts ?? false}
                error={errors.accountId}
              />
            </div>
          )}
          <div className="col-md-8">
            <FormField
              label={t('fields.value')}
              required
              className="mb-0"
              autoComplete="off"
              maxLength={508}
              help={t('help.value')}
              error={errors.value}
              {...form.register('value')}
            />
          </div>
          <div className="col-md-4">
            <FormField
              type="date"
              label={t('fields.validUntil')}
              className="mb-0"
              help={t('help.validUntil')}
              error={errors.validUntil}
              {...form.register('validUntil')}
            />
          </div>
          <div className="col-12">
            <FormField
              label={t('fields.note')}
              className="mb-0"
              maxLength={WHITELIST_NOTE_MAX}
              error={errors.note}
              {...form.register('note')}
            />
          </div>
        </div>
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton isBusy={isBusy} busyLabel={t('form.saving')}>
            {isEdit ? t('form.save') : t('form.create')}
          </SubmitButton>
          <Link href={base ? hrefs.whitelistEntry(base.id) : hrefs.whitelist()} className="btn btn-outline-secondary">
            {t('form.cancel')}
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
