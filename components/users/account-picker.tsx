'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { withQueryClient } from '@/components/layout/query-client';
import { useTranslations } from 'next-intl';
import { FormField } from '@/components/ui/form/form-field';
import type { FieldErrorLike } from '@/components/ui/form/form-field';
import { toQueryString } from '@/lib/hrefs';
import { ACCOUNT_PICKER_LIMIT, type AccountOption } from './account-option';

const SEARCH_DEBOUNCE_MS = 300;
const PICKER_KEY = ['accounts', 'picker'] as const;

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
 * matching names. The chosen account always stays among the options, so a new search never
 * silently changes the selection.
 */
export const AccountPicker = withQueryClient(function AccountPicker({
  options,
  hasMore,
  error,
  disabled,
  noneLabel,
}: AccountPickerProps) {
  const t = useTranslations('users');
  const searchId = useId();
  const { register } = useFormContext<{ accountId: string | null }>();
  const selectedId = useWatch<{ accountId: string | null }, 'accountId'>({ name: 'accountId' });
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const queryClient = useQueryClient();

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useQuery({
    queryKey: [...PICKER_KEY, term],
    queryFn: ({ signal }) => searchAccounts(term, signal),
    enabled: hasMore && term.length >= 2,
    // Earlier answers name the chosen account after a new search: keep them while the form lives.
    gcTime: Infinity,
  });

  const shown = useMemo(() => {
    const list = term.length >= 2 && search.data ? [...search.data] : [...options];
    const earlier = queryClient
      .getQueriesData<AccountOption[]>({ queryKey: PICKER_KEY })
      .flatMap(([, data]) => data ?? []);
    const selectedName = selectedId
      ? [...options, ...earlier].find((option) => option.id === selectedId)?.name
      : undefined;
    if (selectedId && selectedName && !list.some((option) => option.id === selectedId)) {
      list.unshift({ id: selectedId, name: selectedName });
    }
    return list;
  }, [options, queryClient, search.data, selectedId, term]);

  const help = !hasMore
    ? undefined
    : term.length < 2
      ? t('help.accountSearch', { count: ACCOUNT_PICKER_LIMIT })
      : search.isFetching
        ? t('help.accountSearching')
        : search.isError
          ? t('help.accountSearchFailed')
          : t('help.accountSearchResult', { count: search.data?.length ?? 0 });

  return (
    <>
      {hasMore ? (
        <div className="mb-2">
          <label htmlFor={searchId} className="form-label">
            {t('fields.accountSearch')}
          </label>
          <input
            id={searchId}
            type="search"
            className="form-control"
            value={text}
            maxLength={200}
            autoComplete="off"
            disabled={disabled}
            onChange={(event) => setText(event.target.value)}
            // Enter searches at once instead of submitting the invitation.
            onKeyDown={(event) => {
              if (event.key === 'Enter') {
                event.preventDefault();
                setTerm(text.trim());
              }
            }}
          />
        </div>
      ) : null}
      <FormField
        as="select"
        label={t('fields.account')}
        required={noneLabel === undefined}
        className="mb-0"
        placeholder={noneLabel ?? t('form.chooseAccount')}
        options={shown.map((option) => ({ value: option.id, label: option.name }))}
        help={help}
        error={error}
        disabled={disabled}
        {...register('accountId', { setValueAs: (value: string | null) => value || null })}
      />
    </>
  );
});
