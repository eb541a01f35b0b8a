'use client';

import { type ComponentProps, lazy } from 'react';
import type { RestoreStateButton as Button } from './restore-state-button';

// "Diesen Stand wiederherstellen" shows only under a chosen state of the as-of panel, which every
// record page renders: the page's client components share one chunk group, so a direct import would
// ship the button (and its dialog's code) to every visit of every record page (issue 50: they were
// 15.1–15.6 KiB beyond the floor, budget 15). Behind `lazy` it loads with the view that shows it.
// No Suspense boundary of its own: the server renders the button in place, and hydration waits for it.
const RestoreStateButton = lazy(() =>
  import('./restore-state-button').then((module) => ({ default: module.RestoreStateButton })),
);

/**
 * RestoreStateButton, loaded when it is rendered. A component, not the `lazy` object itself: the
 * server hands client components over as references, and a reference must name a function.
 */
export function LazyRestoreStateButton(props: ComponentProps<typeof Button>) {
  return <RestoreStateButton {...props} />;
}
