'use client';

import { useRef } from 'react';
import { Controller, useFieldArray, useFormContext, useWatch } from '@/components/ui/form/use-form';
import { useLocale, useTranslations } from 'next-intl';
import { FormField } from '@/components/ui/form/form-field';
import { MoneyInput } from '@/components/ui/form/money-input';
import { fieldId } from '@/components/ui/form/field-id';
import { formatMoney } from '@/lib/format/money';
import { formatPercentBasisPoints } from '@/lib/format/number';
import {
  BENEFIT_CATALOGUE,
  benefitDefinition,
  exceedsTaxFreeLimit,
  type BenefitCode,
  type BenefitUnit,
} from '@/lib/schemas/benefit-catalogue';

/** One row as the form holds it: `amountCents` is empty (`null`) until the user types an amount. */
export interface BenefitRowValues {
  code: BenefitCode;
  /** Cents; for the unit `percent` hundredths of a percent (1500 = 15 %). */
  amountCents: number | null;
  unit: BenefitUnit;
}

/** The part of a form the editor works on; wrap it in the form's `FormProvider` (`use-form`). */
export interface BenefitsFormValues {
  benefits: BenefitRowValues[];
}

export interface BenefitsEditorProps {
  /** While the form is saving. */
  disabled?: boolean;
}

export const BENEFITS_FIELD_ID = fieldId('benefits');

export function unitOf(code: string): BenefitUnit {
  return benefitDefinition(code)?.unit ?? 'month';
}

/** A limit or amount in the unit's own terms: "50,00 €" or "15 %". */
export function formatBenefitAmount(amountCents: number, unit: string, locale: string): string {
  return unit === 'percent' ? formatPercentBasisPoints(amountCents, locale) : formatMoney(amountCents, locale);
}

/**
 * The benefits of an account: one row per catalogue benefit (each at most once), the amount in
 * euros (or percent for the bAV subsidy), the unit from the catalogue, the tax-free limit as a
 * hint, and a warning — not an error — when an amount is outside that limit.
 */
export function BenefitsEditor({ disabled = false }: BenefitsEditorProps) {
  const t = useTranslations('accounts.benefits');
  const { control, formState } = useFormContext<BenefitsFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: 'benefits' });
  const rows = useWatch({ control, name: 'benefits' }) ?? [];
  const addButtonRef = useRef<HTMLButtonElement>(null);

  const usedCodes = new Set(rows.map((row) => row?.code));
  const nextCode = BENEFIT_CATALOGUE.find((entry) => !usedCodes.has(entry.code))?.code;
  const arrayErrors = formState.errors.benefits;
  const arrayError = arrayErrors?.root?.message ?? arrayErrors?.message;

  return (
    <div id={BENEFITS_FIELD_ID} tabIndex={-1} data-testid="benefits-editor">
      {fields.length === 0 ? <p className="text-body-secondary">{t('empty')}</p> : null}
      {fields.map((field, index) => (
        <BenefitRow
          key={field.id}
          index={index}
          row={rows[index]}
          codesInOtherRows={new Set(rows.filter((_, other) => other !== index).map((row) => row?.code))}
          disabled={disabled}
          onRemove={() => {
            remove(index);
            // The removed row's button is gone; keep the keyboard user in the editor.
            addButtonRef.current?.focus();
          }}
        />
      ))}
      {arrayError ? (
        <div className="alert alert-danger py-2" role="alert">
          {arrayError}
        </div>
      ) : null}
      <button
        ref={addButtonRef}
        type="button"
        className="btn btn-outline-primary"
        disabled={disabled || nextCode === undefined}
        aria-describedby={nextCode === undefined ? `${BENEFITS_FIELD_ID}-all-used` : undefined}
        onClick={() => {
          if (!nextCode) return;
          // The new row's first control is its benefit choice; the amount is not touched before the user gets there.
          append(
            { code: nextCode, amountCents: null, unit: unitOf(nextCode) },
            { focusName: `benefits.${fields.length}.code` },
          );
        }}
      >
        {t('add')}
      </button>
      {nextCode === undefined ? (
        <p id={`${BENEFITS_FIELD_ID}-all-used`} className="form-text">
          {t('allUsed')}
        </p>
      ) : null}
    </div>
  );
}

interface BenefitRowProps {
  index: number;
  row: BenefitRowValues | undefined;
  codesInOtherRows: ReadonlySet<string | undefined>;
  disabled: boolean;
  onRemove: () => void;
}

function BenefitRow({ index, row, codesInOtherRows, disabled, onRemove }: BenefitRowProps) {
  const t = useTranslations('accounts.benefits');
  const locale = useLocale();
  const { control, register, setValue, formState } = useFormContext<BenefitsFormValues>();
  const number = index + 1;
  const code = row?.code ?? '';
  const unit = row?.unit ?? unitOf(code);
  const amountName = `benefits.${index}.amountCents` as const;
  const amountId = fieldId(amountName);
  const warningId = `${amountId}-warning`;
  const unitError = formState.errors.benefits?.[index]?.unit?.message;

  const definition = benefitDefinition(code);
  let limitHint: string = t('noLimit');
  if (definition?.limitCents != null) {
    const limit = formatBenefitAmount(definition.limitCents, definition.unit, locale);
    limitHint = definition.limitKind === 'min' ? t('minimum', { limit }) : t('limit', { limit });
  }
  const amount = row?.amountCents;
  const isOutsideLimit =
    typeof amount === 'number' && Number.isFinite(amount) && definition?.limitCents != null
      ? exceedsTaxFreeLimit(code, amount)
      : false;
  let warning: string | null = null;
  if (isOutsideLimit && definition?.limitCents != null) {
    const limit = formatBenefitAmount(definition.limitCents, definition.unit, locale);
    warning = definition.limitKind === 'min' ? t('underMinimum', { limit }) : t('overLimit', { limit });
  }

  return (
    <fieldset className="border rounded p-3 mb-3" data-testid="benefit-row">
      <legend className="visually-hidden">{t('row', { number })}</legend>
      <div className="row g-3 align-items-start">
        <div className="col-md-5">
          <FormField
            as="select"
            label={t('benefit')}
            className="mb-0"
            required
            disabled={disabled}
            error={formState.errors.benefits?.[index]?.code}
            options={BENEFIT_CATALOGUE.map((entry) => ({
              value: entry.code,
              label: t(`labels.${entry.code}`),
              disabled: codesInOtherRows.has(entry.code),
            }))}
            {...register(`benefits.${index}.code`, {
              onChange: (event: { target: { value: string } }) =>
                setValue(`benefits.${index}.unit`, unitOf(event.target.value)),
            })}
          />
        </div>
        <div className="col-md-4">
          <Controller
            control={control}
            name={amountName}
            render={({ field, fieldState }) => (
              <FormField
                name={amountName}
                label={unit === 'percent' ? t('percent') : t('amount')}
                className="mb-0"
                required
                help={limitHint}
                // The form checks the whole list when a row is added; an empty amount the
                // user has not reached yet is not an error to show until they leave it or submit.
                error={fieldState.isTouched || formState.isSubmitted ? fieldState.error : undefined}
                render={(controlProps) => {
                  const describedBy = [controlProps['aria-describedby'], warning ? warningId : null]
                    .filter(Boolean)
                    .join(' ');
                  const inputProps = {
                    ...controlProps,
                    'aria-describedby': describedBy || undefined,
                    name: field.name,
                    ref: field.ref,
                    value: field.value,
                    onChange: field.onChange,
                    onBlur: field.onBlur,
                    disabled,
                  };
                  return <MoneyInput {...inputProps} unit={unit === 'percent' ? 'percent' : 'euro'} />;
                }}
              />
            )}
          />
          {/* Always in the DOM, so screen readers announce the warning when it appears. */}
          <div role="status" id={warningId} className={warning ? 'form-text text-warning-emphasis mt-1' : undefined}>
            {warning ? (
              <>
                <span aria-hidden="true">⚠ </span>
                {warning}
              </>
            ) : null}
          </div>
        </div>
        <div className="col-md-2">
          <div className="form-label mb-0">{t('unit')}</div>
          <p className="form-control-plaintext py-md-2 mb-0" data-testid="benefit-unit">
            {t(`units.${unit}`)}
          </p>
          {unitError ? <div className="invalid-feedback d-block">{unitError}</div> : null}
        </div>
        <div className="col-md-1 text-md-end pt-md-4">
          <button
            type="button"
            className="btn btn-outline-danger btn-sm mt-md-2"
            aria-label={t('removeRow', { number })}
            title={t('removeRow', { number })}
            disabled={disabled}
            onClick={onRemove}
          >
            {t('remove')}
          </button>
        </div>
      </div>
    </fieldset>
  );
}
