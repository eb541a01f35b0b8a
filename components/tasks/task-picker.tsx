'use client';

import { useId } from 'react';
import { useFormContext, useWatch } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import { FormField } from '@/components/ui/form/form-field';
import type { FieldErrorLike } from '@/components/ui/form/form-field';
import { useSearchOptions } from '@/components/ui/use-search-options';

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
  /** The `dependsOn` value `options` were loaded for (no request while it is the chosen one). */
  optionsFor?: string | null;
  /** The empty first option ("Kein Konto"); without it the field is required. */
  emptyLabel: string;
  isOptional?: boolean;
  help?: string;
  error?: FieldErrorLike;
}

/**
 * A type-ahead select of the task form: a search box above a native select. Two characters ask
 * the API for matches in reach; `dependsOn` (the chosen assignee) narrows the options as well
 * (`useSearchOptions`). The chosen value always stays among the options, so a new search never
 * silently changes it.
 */
export function TaskPicker(props: TaskPickerProps) {
  const { name } = props;
  const t = useTranslations('tasks');
  const searchId = useId();
  const { register } = useFormContext<Record<string, string | null>>();
  const chosenId = useWatch<Record<string, string | null>>({ name }) as string | null | undefined;
  const search = useSearchOptions({
    options: props.options,
    chosenId,
    search: props.search,
    scope: props.dependsOn,
    optionsScope: props.optionsFor,
  });

  const searchHelp = {
    hint: () => t('form.searchHint'),
    searching: () => t('form.searching'),
    failed: () => t('form.searchFailed'),
    found: () => t('form.searchResult', { count: search.found }),
  }[search.phase]();

  return (
    <>
      <div className="mb-2">
        <label htmlFor={searchId} className="form-label">
          {props.searchLabel}
        </label>
        <input
          id={searchId}
          {...search.inputProps}
          aria-describedby={`${searchId}-help`}
          data-testid={`${name}-search`}
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
        options={search.shown.map((option) => ({ value: option.id, label: option.label }))}
        help={props.help}
        error={props.error}
        {...register(name, { setValueAs: (value: string | null) => value || null })}
      />
    </>
  );
}
