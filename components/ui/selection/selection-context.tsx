'use client';

import { createContext, useContext, type ReactNode } from 'react';
import { useSelection } from './selection-store';

const SelectionKeys = createContext<{ listKey: string; filterKey: string } | null>(null);

/** Gives the row boxes, the header box and the bulk bar of one table the same selection. */
export function SelectionProvider({
  listKey,
  filterKey,
  children,
}: {
  listKey: string;
  filterKey: string;
  children: ReactNode;
}) {
  return <SelectionKeys.Provider value={{ listKey, filterKey }}>{children}</SelectionKeys.Provider>;
}

export function useListSelection() {
  const keys = useContext(SelectionKeys);
  if (!keys) throw new Error('useListSelection: no SelectionProvider');
  return useSelection(keys.listKey, keys.filterKey);
}
