'use client';

import { lazy } from 'react';
import type { TaskStatusSelectProps } from './task-status-select';

// The quick status change for a table that is one tab of a page (an account's Aufgaben tab): the
// page's client components share one chunk group, so a direct import would ship the select to every
// visit of the account's overview. Behind `lazy` it loads with the tab that shows it (issue 30). No
// Suspense boundary of its own: the server renders the selects in place, and hydration waits for them.
const TaskStatusSelect = lazy(() =>
  import('./task-status-select').then((module) => ({ default: module.TaskStatusSelect })),
);

/**
 * TaskStatusSelect, loaded with the first one rendered. A component, not the `lazy` object itself:
 * the server hands client components over as references, and a reference must name a function.
 */
export function LazyTaskStatusSelect(props: TaskStatusSelectProps) {
  return <TaskStatusSelect {...props} />;
}
