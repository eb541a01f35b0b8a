'use client';

import { useEffect, useId, useMemo, useState } from 'react';
import { useFormContext, useWatch } from 'react-hook-form';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { withQueryClient } from '@/components/layout/query-client';
import { useTranslations } from 'next-intl';
import { FormField } from '@/components/ui/form/form-field';
import type { FieldErrorLike } from '@/components/ui/form/form-field';

const SEARCH_DEBOUNCE_MS = 300;

export interface PickerOption {
  id: string;
  label: string;
}

export interface TaskPickerProps {
  name: 'assigneeId' | 'accountId';
  label: string;
  searchLabel: string;
  /** The first options in reach, loaded with the page. */
  options: readonly PickerOption[];
  /** Asks the API (through the proxy) for matches of `term`, limited to reach; `''` = the first ones. */
  search: (term: string, signal: AbortSignal) => Promise<PickerOption[]>;
  /** Part of the search's key: when it changes, the options are asked for again (the assignee of the account picker). */
  dependsOn?: string | null;
  /** The empty first option ("Kein Konto"); without it the field is required. */
  emptyLabel: string;
  isOptional?: boolean;
  help?: string;
  error?: FieldErrorLike;
}

/**
 * A type-ahead select of the task form: a search box above a native select. Two characters ask
 * the API for matches in reach; `dependsOn` (the chosen assignee) narrows the options as well. The
 * chosen value always stays among the options, so a new search never silently changes it.
 */
export const TaskPicker = withQueryClient(function TaskPicker(props: TaskPickerProps) {
  const { name, search: searchOptions, dependsOn } = props;
  const t = useTranslations('tasks');
  const searchId = useId();
  const { register } = useFormContext<Record<string, string | null>>();
  const selectedId = useWatch<Record<string, string | null>>({ name }) as string | null | undefined;
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const queryClient = useQueryClient();
  const key = ['tasks', 'picker', name];

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const isSearching = term.length >= 2;
  const search = useQuery({
    queryKey: [...key, dependsOn ?? '', isSearching ? term : ''],
    queryFn: ({ signal }) => searchOptions(isSearching ? term : '', signal),
    enabled: isSearching || Boolean(dependsOn),
    gcTime: Infinity,
  });

  const shown = useMemo(() => {
    const list = search.data ? [...search.data] : [...props.options];
    const earlier = queryClient.getQueriesData<PickerOption[]>({ queryKey: key }).flatMap(([, data]) => data ?? []);
    const selected = selectedId ? [...props.options, ...earlier].find((option) => option.id === selectedId) : undefined;
    if (selected && !list.some((option) => option.id === selected.id)) list.unshift(selected);
    return list;
    // `key` is rebuilt each render from `name`.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [props.options, queryClient, search.data, selectedId, name]);

  const searchHelp = !isSearching
    ? t('form.searchHint')
    : search.isFetching
      ? t('form.searching')
      : search.isError
        ? t('form.searchFailed')
        : t('form.searchResult', { count: search.data?.length ?? 0 });

  return (
    <>
      <div className="mb-2">
        <label htmlFor={searchId} className="form-label">
          {props.searchLabel}
        </label>
        <input
          id={searchId}
          type="search"
          className="form-control"
          value={text}
          maxLength={200}
          autoComplete="off"
          aria-describedby={`${searchId}-help`}
          data-testid={`${name}-search`}
          onChange={(event) => setText(event.target.value)}
          // Enter searches at once instead of submitting the form.
          onKeyDown={(event) => {
            if (event.key === 'Enter') {
              event.preventDefault();
              setTerm(text.trim());
            }
          }}
        />
        <div id={`${searchId}-help`} className="form-text" aria-live="polite">
          {searchHelp}
        </div>
      </div>
      <FormField
        as="select"
        label={props.label}
        required={!props.isOptional}
        className="mb-0"
        placeholder={props.emptyLabel}
        options={shown.map((option) => ({ value: option.id, label: option.label }))}
        help={props.help}
        error={props.error}
        {...register(name, { setValueAs: (value: string | null) => value || null })}
      />
    </>
  );
});
