import { formatMoney, formatPercentBasisPoints, type FormatLocale } from '@/lib/format';

/** Translations a recorded value may need; passed in so this stays a plain, testable function. */
export interface FieldValueLabels {
  empty: string;
  /** Status codes of accounts, users and approvals → their names. */
  status: (code: string) => string | undefined;
  role: (code: string) => string | undefined;
  benefit: (code: string) => string | undefined;
}

interface BenefitValue {
  code: string;
  amountCents: number;
  unit: string;
}

const isBenefit = (value: unknown): value is BenefitValue =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as BenefitValue).code === 'string' &&
  typeof (value as BenefitValue).amountCents === 'number';

/**
 * One recorded value (history field or approval diff) as text: a status or role by its name, the
 * benefits as "Name Betrag" each, anything else as it was recorded. Never throws on odd data:
 * the history keeps what older versions of the app wrote.
 */
export function formatFieldValue(field: string, value: unknown, labels: FieldValueLabels, locale: FormatLocale): string {
  if (value === null || value === undefined || value === '') return labels.empty;
  const name = field.replace(/^payload\./, '');
  if (typeof value === 'string') {
    if (name === 'status') return labels.status(value) ?? value;
    if (name === 'role') return labels.role(value) ?? value;
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (Array.isArray(value) && value.every(isBenefit)) {
    if (value.length === 0) return labels.empty;
    return value
      .map((benefit) => {
        const amount =
          benefit.unit === 'percent'
            ? formatPercentBasisPoints(benefit.amountCents, locale)
            : formatMoney(benefit.amountCents, locale);
        return `${labels.benefit(benefit.code) ?? benefit.code} ${amount}`;
      })
      .join(', ');
  }
  return JSON.stringify(value);
}
