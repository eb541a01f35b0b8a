'use client';

import type { ReactNode } from 'react';
import { clientOnly } from '@/components/ui/client-only';
import type { ConflictPanelProps } from './conflict-panel-view';

export type { ConflictPanelProps } from './conflict-panel-view';
export { isSameValue } from './same-value';

/** Fetches the conflict panel's code, e.g. as soon as a save answers 409. */
export const preloadConflictPanel = () => import('./conflict-panel-view');

/**
 * The record forms' conflict panel (conflict-panel-view.tsx): shown only when a save meets a newer
 * version (409), so its code and texts load then, not with every form (issue 30). It renders in
 * the browser only, which is the only place a save's answer arrives.
 */
export const ConflictPanel = clientOnly(() =>
  preloadConflictPanel().then(
    (module) => module.ConflictPanel as (props: ConflictPanelProps<string, unknown>) => ReactNode,
  ),
) as unknown as <F extends string, V>(props: ConflictPanelProps<F, V>) => ReactNode;
