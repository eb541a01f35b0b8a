'use client';

import { useCallback, useSyncExternalStore } from 'react';
import { forFilter, type SelectionState } from './selection-state';

/*
 * The selections of the lists, by list, for the browser session's lifetime of this module: a page
 * of another sort or number renders new components, and the selection survives it because it
 * lives here rather than in their state. A new filter key empties it (forFilter).
 */
const selections = new Map<string, SelectionState>();
const listeners = new Set<() => void>();

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function readSelection(listKey: string, filterKey: string): SelectionState {
  const current = selections.get(listKey);
  const state = forFilter(current, filterKey);
  if (state !== current) selections.set(listKey, state);
  return state;
}

export function updateSelection(listKey: string, filterKey: string, change: (state: SelectionState) => SelectionState) {
  selections.set(listKey, change(readSelection(listKey, filterKey)));
  for (const listener of listeners) listener();
}

/** The list's selection and a way to change it. */
export function useSelection(listKey: string, filterKey: string) {
  const state = useSyncExternalStore(
    subscribe,
    () => readSelection(listKey, filterKey),
    () => readSelection(listKey, filterKey),
  );
  const update = useCallback(
    (change: (state: SelectionState) => SelectionState) => updateSelection(listKey, filterKey, change),
    [listKey, filterKey],
  );
  return [state, update] as const;
}
