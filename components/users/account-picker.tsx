'use client';

import { useId } from 'react';
import { useFormContext, useWatch } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import { FormField } from '@/components/ui/form/form-field';
import type { FieldErrorLike } from '@/components/ui/form/form-field';
import { useSearchOptions } from '@/components/ui/use-search-options';
import { toQueryString } from '@/lib/query-string';
import { ACCOUNT_PICKER_LIMIT, type AccountOption } from './account-option';

async function searchAccounts(q: string, signal: AbortSignal): Promise<AccountOption[]> {
  const query = toQueryString({ q, perPage: ACCOUNT_PICKER_LIMIT, sort: 'name' });
  const response = await fetch(`/api/ui/accounts/${query}`, { signal, headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(`accounts search answered ${response.status}`);
  const [body, { accountListSchema }] = await Promise.all([response.json(), import('@/lib/schemas/account')]);
  return accountListSchema.parse(body).items.map((item) => ({ id: item.id, name: item.name }));
}

export interface AccountPickerProps {
  /** The accounts in reach, by name (the first `ACCOUNT_PICKER_LIMIT`). */
  options: readonly AccountOption[];
  /** More accounts exist than `options` holds: a search box finds the others. */
  hasMore: boolean;
  error?: FieldErrorLike;
  disabled?: boolean;
  /** An empty choice meaning "no account" with this label (general documents); the field is then optional. */
  noneLabel?: string;
}

/**
 * The account of a manager: a native select of the accounts in reach. Where there are more than
 * the page loaded, a search box above it asks the API (through the same-origin proxy) for
 * matching names (`useSearchOptions`). The chosen account always stays among the options, so a
 * new search never silently changes the selection.
 */
export function AccountPicker({ options, hasMore, error, disabled, noneLabel }: AccountPickerProps) {
  const t = useTranslations('users');
  const searchId = useId();
  const { register } = useFormContext<{ accountId: string | null }>();
  const chosenId = useWatch<{ accountId: string | null }, 'accountId'>({ name: 'accountId' });
  const search = useSearchOptions({ options, chosenId, search: searchAccounts, enabled: hasMore });

  const help = !hasMore
    ? undefined
    : {
        hint: () => t('help.accountSearch', { count: ACCOUNT_PICKER_LIMIT }),
        searching: () => t('help.accountSearching'),
        failed: () => t('help.accountSearchFailed'),
        found: () => t('help.accountSearchResult', { count: search.found }),
      }[search.phase]();

  return (
    <>
      {hasMore ? (
        <div className="mb-2">
          <label htmlFor={searchId} className="form-label">
            {t('fields.accountSearch')}
          </label>
          <input id={searchId} {...search.inputProps} disabled={disabled} />
        </div>
      ) : null}
      <FormField
        as="select"
        label={t('fields.account')}
        required={noneLabel === undefined}
        className="mb-0"
        placeholder={noneLabel ?? t('form.chooseAccount')}
        options={search.shown.map((option) => ({ value: option.id, label: option.name }))}
        help={help}
        error={error}
        disabled={disabled}
        {...register('accountId', { setValueAs: (value: string | null) => value || null })}
      />
    </>
  );
}
