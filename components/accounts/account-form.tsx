'use client';

import { hrefs } from '@/lib/hrefs';
import Link from 'next/link';
import { FormProvider } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import type { z } from 'zod';
import { SaveProblemAlert } from '@/components/record/save-problem';
import { SubmitButton } from '@/components/record/submit-button';
import { useVersionedSave } from '@/components/record/use-versioned-save';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { RequiredHint } from '@/components/ui/form/required-hint';
import { normaliseErrorPath } from '@/components/ui/form/apply-server-errors';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { LEGAL_FORMS } from '@/lib/schemas/account-constants';
import type { Account, AccountUpdateInput, Benefit } from '@/lib/schemas/account';
import type { BenefitCode, BenefitUnit } from '@/lib/schemas/benefit-catalogue';
import { createAccountAction, updateAccountAction } from './account-actions';
import { BenefitsEditor, type BenefitsFormValues } from './benefits-editor';
import {
  ACCOUNT_FORM_FIELDS,
  ConflictPanel,
  comparableFromAccount,
  isSameFieldValue,
  useFieldLabel,
  type AccountFormField,
} from './conflict-panel';

type LegalForm = (typeof LEGAL_FORMS)[number];

export interface DistributorOption {
  id: string;
  name: string;
}

/** What the form holds while the user types (every field present, so both schemas see the same keys). */
export interface AccountFormValues extends BenefitsFormValues {
  name: string;
  /** `''` until the user picks one: no legal form is preselected. */
  legalForm: LegalForm | '';
  /** From a number input: `NaN` when empty or not a number (the schema reports it). */
  employeeCount: number;
  vatId: string;
  street: string;
  zip: string;
  city: string;
  country: string;
  contactName: string;
  contactEmail: string;
  contactPhone: string;
  notes: string;
  /** Only when creating. */
  parentId?: string | null;
  /** Only when creating a top-level account. */
  distributorId?: string | null;
}

/** The values after the shared schema: trimmed, `vatId` `null` when empty, amounts as integers. */
type ParsedAccountForm = Omit<AccountFormValues, 'legalForm' | 'vatId' | 'benefits'> & {
  legalForm: LegalForm;
  vatId: string | null;
  benefits: Benefit[];
};

export type AccountFormProps =
  | {
      /** Edit this account; changes are saved against `initial.version`. */
      initial: Account;
      parentId?: never;
      distributors?: never;
    }
  | {
      initial?: never;
      /** Create a sub-account under this account; it inherits the distributor, so that field is hidden. */
      parentId?: string | null;
      /** The choice of distributor for a new top-level account (admin and back office); `null` hides the field. */
      distributors?: readonly DistributorOption[] | null;
    };

const accountHref = (id: string) => hrefs.account(id);

const BENEFIT_ROW_PATH = /^benefits\.(\d+)\.(code|amountCents|unit)$/;

export function formValuesFromAccount(account: Account): AccountFormValues {
  return {
    name: account.name,
    legalForm: account.legalForm,
    employeeCount: account.employeeCount,
    vatId: account.vatId ?? '',
    street: account.street,
    zip: account.zip,
    city: account.city,
    country: account.country,
    contactName: account.contactName,
    contactEmail: account.contactEmail,
    contactPhone: account.contactPhone,
    notes: account.notes,
    // The API answers with the catalogue's codes and units; the schema checks them again on save.
    benefits: account.benefits.map((benefit) => ({
      code: benefit.code as BenefitCode,
      amountCents: benefit.amountCents,
      unit: benefit.unit as BenefitUnit,
    })),
  };
}

function emptyFormValues(parentId: string | null): AccountFormValues {
  return {
    name: '',
    legalForm: '',
    employeeCount: 0,
    vatId: '',
    street: '',
    zip: '',
    city: '',
    country: 'DE',
    contactName: '',
    contactEmail: '',
    contactPhone: '',
    notes: '',
    benefits: [],
    parentId,
    distributorId: null,
  };
}

/** An edit sends only what differs from the record the user started from (PATCH semantics). */
function changedFields(values: ParsedAccountForm, base: Account): AccountUpdateInput {
  const before = comparableFromAccount(base);
  const changed = ACCOUNT_FORM_FIELDS.filter((field) => !isSameFieldValue(field, values[field], before[field]));
  return Object.fromEntries(changed.map((field) => [field, values[field]])) as AccountUpdateInput;
}

/**
 * The account's master data and benefits, for a new top-level account, a new sub-account
 * (`parentId`) or an edit (`initial`). Validated with the API's own schema; the API's field
 * errors land on the fields, a stale edit shows the ConflictPanel and keeps everything typed.
 */
export function AccountForm(props: AccountFormProps) {
  const t = useTranslations('accounts');
  const labelOf = useFieldLabel();
  const isEdit = props.initial !== undefined;
  const parentId = props.initial ? null : (props.parentId ?? null);
  const distributors = !props.initial && !parentId ? (props.distributors ?? null) : null;

  const form = useZodForm<AccountFormValues, ParsedAccountForm>(
    () =>
      import('./account-form-schema').then(
        (module) =>
          module.accountFormSchemas[isEdit ? 'edit' : 'create'] as z.ZodType<ParsedAccountForm, AccountFormValues>,
      ),
    { defaultValues: props.initial ? formValuesFromAccount(props.initial) : emptyFormValues(parentId) },
  );
  const { errors, submitCount } = form.formState;

  const saved = (account: Account, approval: unknown = null) => ({
    toast: approval
      ? { variant: 'info' as const, message: t('toasts.benefitApproval') }
      : { variant: 'success' as const, message: t('toasts.saved') },
    href: accountHref(account.id),
  });
  const { base, conflict, problem, isBusy, onSubmit, overwrite, takeCurrent } = useVersionedSave({
    form,
    initial: props.initial ?? null,
    isFormPath: (path) =>
      (ACCOUNT_FORM_FIELDS as readonly string[]).includes(path) ||
      BENEFIT_ROW_PATH.test(path) ||
      (path === 'distributorId' && distributors !== null),
    parseRecord: async (value) => (await import('@/lib/schemas/account')).accountSchema.safeParse(value).data,
    toFormValues: formValuesFromAccount,
    changes: changedFields,
    recordHref: (account) => accountHref(account.id),
    update: (id, version, changes) => updateAccountAction(id, version, changes as AccountUpdateInput),
    onUpdated: (data) => saved(data.account, data.approval),
    create: {
      send: (values, idempotencyKey) =>
        createAccountAction({ ...values, parentId, distributorId: values.distributorId ?? null }, idempotencyKey),
      onCreated: (account) => ({
        toast: { variant: 'success', message: t('toasts.created', { name: account.name }) },
        href: accountHref(account.id),
      }),
    },
    failed: (message) => t('toasts.failed', { message }),
    explain: (error) =>
      error.statusCode === 409 && error.details?.some((detail) => normaliseErrorPath(detail.path) === 'benefits')
        ? { tone: 'warning', message: t('form.pendingBenefitConflict') }
        : undefined,
  });

  const backHref = base ? accountHref(base.id) : parentId ? accountHref(parentId) : '/accounts/';

  const summaryLabel = (path: string): string | undefined => {
    if ((ACCOUNT_FORM_FIELDS as readonly string[]).includes(path)) return labelOf(path as AccountFormField);
    if (path === 'distributorId') return t('fields.distributor');
    const row = BENEFIT_ROW_PATH.exec(path);
    if (!row) return undefined;
    const number = Number(row[1]) + 1;
    const kind = row[2];
    const unit = form.getValues(`benefits.${number - 1}.unit`);
    const field =
      kind === 'code'
        ? t('benefits.benefit')
        : kind === 'unit'
          ? t('benefits.unit')
          : unit === 'percent'
            ? t('benefits.percent')
            : t('benefits.amount');
    return t('benefits.rowField', { field, number });
  };

  const isActive = base?.status === 'active';
  const hasPendingBenefitChange = base?.pendingApprovals.some((approval) => approval.kind === 'benefit_change');

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} data-testid="account-form">
        <RequiredHint />
        <FormErrorSummary
          errors={errors}
          submitCount={submitCount}
          labels={summaryLabel}
          title={t('form.errorSummary')}
        />
        {conflict ? (
          <ConflictPanel
            mine={conflict.mine}
            current={conflict.current}
            base={base ?? undefined}
            isBusy={isBusy}
            onOverwrite={overwrite}
            onTakeCurrent={takeCurrent}
          />
        ) : null}
        <SaveProblemAlert problem={problem} />

        <fieldset className="mb-4">
          <legend className="h5">{t('sections.master')}</legend>
          <div className="row g-3">
            <div className="col-md-8">
              <FormField
                label={t('fields.name')}
                required
                className="mb-0"
                autoComplete="off"
                maxLength={200}
                error={errors.name}
                {...form.register('name')}
              />
            </div>
            <div className="col-md-4">
              <FormField
                as="select"
                label={t('fields.legalForm')}
                required
                className="mb-0"
                placeholder={t('form.chooseLegalForm')}
                options={LEGAL_FORMS.map((legalForm) => ({
                  value: legalForm,
                  label: legalForm === 'Sonstige' ? t('legalForms.Sonstige') : legalForm,
                }))}
                error={errors.legalForm}
                {...form.register('legalForm')}
              />
            </div>
            <div className="col-md-4">
              <FormField
                type="number"
                label={t('fields.employeeCount')}
                required
                className="mb-0"
                min={0}
                step={1}
                inputMode="numeric"
                error={errors.employeeCount}
                {...form.register('employeeCount', { valueAsNumber: true })}
              />
            </div>
            <div className="col-md-4">
              <FormField
                label={t('fields.vatId')}
                className="mb-0"
                help={t('help.vatId')}
                autoComplete="off"
                maxLength={20}
                error={errors.vatId}
                {...form.register('vatId', {
                  // "de 123 456 789" is what people copy from letters; the schema wants DE123456789.
                  setValueAs: (value: string) => value.replace(/\s+/g, '').toUpperCase(),
                })}
              />
            </div>
            {distributors ? (
              <div className="col-md-4">
                <FormField
                  as="select"
                  label={t('fields.distributor')}
                  className="mb-0"
                  help={t('help.distributor')}
                  placeholder={t('noDistributor')}
                  options={distributors.map((person) => ({ value: person.id, label: person.name }))}
                  error={errors.distributorId}
                  {...form.register('distributorId', { setValueAs: (value: string | null) => value || null })}
                />
              </div>
            ) : null}
          </div>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">{t('sections.address')}</legend>
          <div className="row g-3">
            <div className="col-12">
              <FormField
                label={t('fields.street')}
                className="mb-0"
                maxLength={200}
                error={errors.street}
                {...form.register('street')}
              />
            </div>
            <div className="col-md-3">
              <FormField
                label={t('fields.zip')}
                className="mb-0"
                help={t('help.zip')}
                maxLength={10}
                error={errors.zip}
                {...form.register('zip')}
              />
            </div>
            <div className="col-md-6">
              <FormField
                label={t('fields.city')}
                className="mb-0"
                maxLength={100}
                error={errors.city}
                {...form.register('city')}
              />
            </div>
            <div className="col-md-3">
              <FormField
                label={t('fields.country')}
                required
                className="mb-0"
                maxLength={2}
                autoComplete="off"
                error={errors.country}
                {...form.register('country', { setValueAs: (value: string) => value.trim().toUpperCase() })}
              />
            </div>
          </div>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">{t('sections.contact')}</legend>
          <div className="row g-3">
            <div className="col-md-4">
              <FormField
                label={t('fields.contactName')}
                className="mb-0"
                maxLength={200}
                error={errors.contactName}
                {...form.register('contactName')}
              />
            </div>
            <div className="col-md-4">
              <FormField
                type="email"
                label={t('fields.contactEmail')}
                className="mb-0"
                maxLength={254}
                error={errors.contactEmail}
                {...form.register('contactEmail')}
              />
            </div>
            <div className="col-md-4">
              <FormField
                type="tel"
                label={t('fields.contactPhone')}
                className="mb-0"
                maxLength={50}
                error={errors.contactPhone}
                {...form.register('contactPhone')}
              />
            </div>
          </div>
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">{t('sections.benefits')}</legend>
          {isActive ? (
            <div className="alert alert-info" role="note">
              {t('benefits.approvalNotice')}
            </div>
          ) : null}
          {isActive && hasPendingBenefitChange ? (
            <div className="alert alert-warning" role="note">
              {t('benefits.pendingNotice')}
            </div>
          ) : null}
          <BenefitsEditor disabled={isBusy} />
        </fieldset>

        <fieldset className="mb-4">
          <legend className="h5">{t('sections.notes')}</legend>
          <FormField
            as="textarea"
            label={t('fields.notes')}
            isLabelHidden
            rows={4}
            maxLength={5000}
            error={errors.notes}
            {...form.register('notes')}
          />
        </fieldset>

        <div className="d-flex flex-wrap gap-2">
          <SubmitButton isBusy={isBusy} busyLabel={t('form.saving')}>
            {isEdit ? t('form.save') : t('form.create')}
          </SubmitButton>
          <Link href={backHref} className="btn btn-outline-secondary">
            {t('form.cancel')}
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
