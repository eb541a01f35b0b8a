'use client';

import { useEffect, useEffectEvent, useLayoutEffect, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { useLatestRequest } from './use-latest-request';

export const SEARCH_DEBOUNCE_MS = 300;
/** Shorter terms do not search. */
export const SEARCH_MIN_LENGTH = 2;

/** What the help text under a picker says: the hint, a search under way, its failure, or its result. */
export type SearchPhase = 'hint' | 'searching' | 'failed' | 'found';

export interface SearchOptionsConfig<T> {
  /** The first options in reach, loaded with the page: shown while nothing was asked. */
  options: readonly T[];
  /** The chosen option's id: it always stays among the options shown. */
  chosenId: string | null | undefined;
  /** Asks the API for the matches of `term` (`''`: the first ones in `scope`). */
  search: (term: string, signal: AbortSignal) => Promise<T[]>;
  /** Without it the box never searches (every option is loaded). */
  enabled?: boolean;
  /**
   * What the answers depend on besides the term (the task form's chosen assignee): while set, the
   * options are asked for even without a term, and asked for again when it changes.
   */
  scope?: string | null;
  /** The scope `options` were loaded for: while `scope` is this one and nothing is searched, they are the answer. */
  optionsScope?: string | null;
}

/**
 * The type-ahead of a picker's search box, without TanStack Query (issue 15: ~10 kB gzip the form
 * pages need not load for one search): the term is taken 300 ms after the last keystroke, or at
 * once on Enter (which then does not submit the form, and asks again after a failure); shorter
 * terms than two characters do not search. The newest search wins (the older one is aborted), and
 * every answer is remembered while the picker lives: an earlier term is not asked again, and the
 * chosen option keeps its name after a new search.
 */
export function useSearchOptions<T extends { id: string }>(config: SearchOptionsConfig<T>) {
  const { options, chosenId, search, enabled = true, scope, optionsScope } = config;
  const [text, setText] = useState('');
  const [term, setTerm] = useState('');
  const [answers, setAnswers] = useState<ReadonlyMap<string, readonly T[]>>(() => new Map());
  const request = useLatestRequest(async (input: { key: string; term: string }, signal: AbortSignal) => {
    const items = await search(input.term, signal);
    setAnswers((before) => new Map(before).set(input.key, items));
    return items;
  });

  useEffect(() => {
    const timer = setTimeout(() => setTerm(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const isSearching = enabled && term.length >= SEARCH_MIN_LENGTH;
  const asked = isSearching ? term : '';
  // The page's options already answer their own scope: asking again would only repeat them.
  const hasOwnScope = scope && scope !== optionsScope;
  const key = isSearching || hasOwnScope ? JSON.stringify([scope ?? '', asked]) : null;
  const answer = key === null ? undefined : answers.get(key);

  const ask = useEffectEvent(() => {
    if (key === null || answers.has(key)) request.cancel();
    else void request.run({ key, term: asked });
  });
  const stop = useEffectEvent(() => request.cancel());
  // Before the browser paints: a new term must not show the last answer's count (or "0 found")
  // for a frame before "searching" (a debounced term arrives from a timer, whose effects run after paint).
  useLayoutEffect(() => ask(), [key]);
  useEffect(() => () => stop(), []);

  const shown = [...(answer ?? options)];
  if (chosenId && !shown.some((option) => option.id === chosenId)) {
    const chosen = [...options, ...[...answers.values()].flat()].find((option) => option.id === chosenId);
    if (chosen) shown.unshift(chosen);
  }

  const phase: SearchPhase = !isSearching
    ? 'hint'
    : request.isPending
      ? 'searching'
      : request.state.status === 'error'
        ? 'failed'
        : 'found';

  return {
    /** The options to offer: the answer (or the first ones), with the chosen one first when it is not among them. */
    shown,
    phase,
    /** How many options the search found. */
    found: answer?.length ?? 0,
    /** The search box's props. */
    inputProps: {
      type: 'search',
      className: 'form-control',
      value: text,
      maxLength: 200,
      autoComplete: 'off',
      onChange: (event: ChangeEvent<HTMLInputElement>) => setText(event.target.value),
      // Enter searches at once instead of submitting the form; after a failure, it asks again.
      onKeyDown: (event: KeyboardEvent<HTMLInputElement>) => {
        if (event.key !== 'Enter') return;
        event.preventDefault();
        const next = text.trim();
        if (next !== term) setTerm(next);
        else if (key !== null && request.state.status === 'error') void request.run({ key, term: asked });
      },
    },
  };
}
