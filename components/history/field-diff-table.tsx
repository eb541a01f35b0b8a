import { useLocale, useTranslations } from 'next-intl';
import type { FormatLocale } from '@/lib/format';
import { formatFieldValue, type FieldValueLabels } from './field-value';

export interface FieldDiff {
  field: string;
  before: unknown;
  after: unknown;
}

/** The labels `formatFieldValue` needs, from the catalogue (server and client components alike). */
export function useFieldValueLabels(): FieldValueLabels {
  const t = useTranslations();
  const lookup = (keys: string[]) => {
    const key = keys.find((candidate) => t.has(candidate as never));
    return key ? t(key as never) : undefined;
  };
  return {
    empty: t('approvals.fields.empty'),
    status: (code) => lookup([`status.account.${code}`, `status.user.${code}`, `status.approval.${code}`]),
    role: (code) => lookup([`roles.${code}`]),
    benefit: (code) => lookup([`accounts.benefits.labels.${code}`]),
  };
}

/** The field's name: a known one from the catalogue, else as recorded (`payload.` dropped). */
function useFieldLabel() {
  const t = useTranslations();
  return (field: string) => {
    const name = field.replace(/^payload\./, '');
    for (const key of [`approvals.fields.${name}`, `accounts.fields.${name}`, `users.fields.${name}`]) {
      if (t.has(key as never)) return t(key as never);
    }
    return name;
  };
}

/** Feld / Vorher / Nachher of a change or an approval request. */
export function FieldDiffTable({ fields, caption }: { fields: readonly FieldDiff[]; caption: string }) {
  const t = useTranslations('approvals.fields');
  const locale = useLocale() as FormatLocale;
  const labels = useFieldValueLabels();
  const fieldLabel = useFieldLabel();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid="field-diff">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('field')}</th>
            <th scope="col">{t('before')}</th>
            <th scope="col">{t('after')}</th>
          </tr>
        </thead>
        <tbody>
          {fields.map((entry) => (
            <tr key={entry.field}>
              <th scope="row" className="fw-normal">
                {fieldLabel(entry.field)}
              </th>
              <td className="text-break">{formatFieldValue(entry.field, entry.before, labels, locale)}</td>
              <td className="text-break">{formatFieldValue(entry.field, entry.after, labels, locale)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
