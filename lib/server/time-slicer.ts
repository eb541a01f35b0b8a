import { setImmediate } from 'node:timers/promises';

/** The longest a long loop works before it lets other requests run (issue 24: nobody waits > 250 ms). */
export const TIME_SLICE_MS = 10;

/**
 * A pause for long loops on the request path: `await pause()` after each step yields to the event
 * loop (`setImmediate`, so timers and I/O of other requests run) whenever the loop has worked for
 * `budgetMs` since it last yielded, and costs a clock read otherwise.
 */
export function timeSlicer(budgetMs = TIME_SLICE_MS): () => Promise<void> {
  let since = performance.now();
  return async () => {
    if (performance.now() - since < budgetMs) return;
    await setImmediate();
    since = performance.now();
  };
}
