'use client';

import { useLocale, useTranslations } from 'next-intl';
import { ConflictPanel as RecordConflictPanel, isSameValue } from '@/components/record/conflict-panel';
import { formatNumber } from '@/lib/format/number';
import type { Account } from '@/lib/schemas/account';
import { BENEFIT_CATALOGUE, type BenefitCode, type BenefitUnit } from '@/lib/schemas/benefit-catalogue';
import { formatBenefitAmount } from './benefits-editor';

/** The fields of the account form, in form order: what a conflict compares and an edit may send. */
export const ACCOUNT_FORM_FIELDS = [
  'name',
  'legalForm',
  'employeeCount',
  'vatId',
  'street',
  'zip',
  'city',
  'country',
  'contactName',
  'contactEmail',
  'contactPhone',
  'benefits',
  'notes',
] as const;
export type AccountFormField = (typeof ACCOUNT_FORM_FIELDS)[number];

export interface ComparableBenefit {
  code: string;
  amountCents: number | null;
  unit: string;
}

/** The form's values, or a record's, in the shape both can be compared in. */
export type ComparableAccountValues = {
  [F in Exclude<AccountFormField, 'benefits' | 'vatId' | 'employeeCount'>]: string;
} & {
  vatId: string | null;
  employeeCount: number;
  benefits: readonly ComparableBenefit[];
};

export function comparableFromAccount(account: Account): ComparableAccountValues {
  return {
    name: account.name,
    legalForm: account.legalForm,
    employeeCount: account.employeeCount,
    vatId: account.vatId,
    street: account.street,
    zip: account.zip,
    city: account.city,
    country: account.country,
    contactName: account.contactName,
    contactEmail: account.contactEmail,
    contactPhone: account.contactPhone,
    benefits: account.benefits,
    notes: account.notes,
  };
}

/** Benefits are a set: the order of the rows is not a change (the API compares them the same way). */
function benefitKeys(benefits: readonly ComparableBenefit[]): string {
  return benefits
    .map((benefit) => `${benefit.code}:${benefit.amountCents ?? ''}:${benefit.unit}`)
    .sort()
    .join('|');
}

/** Whether two values of a field mean the same; surrounding spaces and `''`/`null` do not count. */
export function isSameFieldValue<F extends AccountFormField>(
  field: F,
  left: ComparableAccountValues[F],
  right: ComparableAccountValues[F],
): boolean {
  if (field === 'benefits') {
    return benefitKeys(left as readonly ComparableBenefit[]) === benefitKeys(right as readonly ComparableBenefit[]);
  }
  return isSameValue(left, right);
}

export interface FieldDifference {
  field: AccountFormField;
  /** The user did not change this field; saving their input keeps the current value there. */
  isUntouched: boolean;
}

/** The fields where the user's values and the current record differ, in form order. */
export function diffAccountValues(
  mine: ComparableAccountValues,
  current: ComparableAccountValues,
  base?: ComparableAccountValues,
): FieldDifference[] {
  return ACCOUNT_FORM_FIELDS.filter((field) => !isSameFieldValue(field, mine[field], current[field])).map((field) => ({
    field,
    isUntouched: base !== undefined && isSameFieldValue(field, mine[field], base[field]),
  }));
}

export interface ConflictPanelProps {
  /** What the user has in the form (the values they tried to save). */
  mine: ComparableAccountValues;
  /** The record as it is now, from the API's 409 answer. */
  current: Account;
  /** The record the user started from, to mark the fields only the other person changed. */
  base?: Account;
  /** "Meine Eingaben trotzdem speichern": save again on top of `current.version`. */
  onOverwrite: () => void;
  /** "Aktuellen Stand übernehmen": put the current record into the form. */
  onTakeCurrent: () => void;
  isBusy?: boolean;
}

/**
 * The record kit's conflict panel with the account's fields: benefits compare as a set, numbers
 * and money read the German way.
 */
export function ConflictPanel({ mine, current, base, onOverwrite, onTakeCurrent, isBusy = false }: ConflictPanelProps) {
  const t = useTranslations('accounts');
  const labelOf = useFieldLabel();
  return (
    <RecordConflictPanel
      fields={ACCOUNT_FORM_FIELDS}
      mine={mine}
      theirs={comparableFromAccount(current)}
      base={base && comparableFromAccount(base)}
      focusKey={current.version}
      title={t('form.conflictTitle')}
      labelOf={labelOf}
      show={(field, values) => <FieldValue field={field} values={values} />}
      isSame={(field, left, right) => isSameFieldValue(field, left[field], right[field])}
      onOverwrite={onOverwrite}
      onTakeCurrent={onTakeCurrent}
      isBusy={isBusy}
    />
  );
}

/** A field's label for tables and summaries. */
export function useFieldLabel(): (field: AccountFormField) => string {
  const t = useTranslations('accounts');
  return (field) => (field === 'benefits' ? t('sections.benefits') : t(`fields.${field}`));
}

/** A field's value as the user reads it: German numbers and money, benefits as a list. */
function FieldValue({ field, values }: { field: AccountFormField; values: ComparableAccountValues }) {
  const t = useTranslations('accounts');
  const locale = useLocale();
  const none = t('fields.none');

  if (field === 'benefits') {
    if (values.benefits.length === 0) return none;
    return (
      <ul className="list-unstyled mb-0">
        {values.benefits.map((benefit) => {
          const label = isKnownCode(benefit.code) ? t(`benefits.labels.${benefit.code}`) : benefit.code;
          const amount =
            benefit.amountCents === null ? none : formatBenefitAmount(benefit.amountCents, benefit.unit, locale);
          const unit = isKnownUnit(benefit.unit) ? t(`benefits.units.${benefit.unit}`) : benefit.unit;
          return <li key={benefit.code}>{`${label} ${amount} ${unit}`}</li>;
        })}
      </ul>
    );
  }
  if (field === 'employeeCount') {
    return Number.isFinite(values.employeeCount) ? formatNumber(values.employeeCount, locale) : none;
  }
  if (field === 'legalForm' && values.legalForm === 'Sonstige') return t('legalForms.Sonstige');
  const value = values[field];
  if (value === null || value.trim() === '') return none;
  return field === 'notes' ? <span style={{ whiteSpace: 'pre-wrap' }}>{value}</span> : value;
}

const UNITS = ['month', 'working_day', 'year', 'occasion', 'percent'] as const satisfies readonly BenefitUnit[];

function isKnownCode(code: string): code is BenefitCode {
  return BENEFIT_CATALOGUE.some((entry) => entry.code === code);
}
function isKnownUnit(unit: string): unit is BenefitUnit {
  return (UNITS as readonly string[]).includes(unit);
}
