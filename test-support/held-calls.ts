import { act } from '@testing-library/react';

/** One call of a {@link heldCalls} stub: its arguments, its abort signal, and how to settle it. */
export interface HeldCall<R> {
  args: unknown[];
  signal: AbortSignal;
  resolve: (value: R | PromiseLike<R>) => void;
  reject: (reason: unknown) => void;
}

/**
 * A stub of an abortable request (`fetch`, a picker's search) whose answers the test gives, call by
 * call: each call waits until the test settles it, and rejects as `fetch` does when its signal
 * aborts. `signalOf` finds the signal among a call's arguments.
 */
export function heldCalls<R>(signalOf: (args: unknown[]) => AbortSignal) {
  const calls: HeldCall<R>[] = [];
  const stub = jest.fn(
    (...args: unknown[]) =>
      new Promise<R>((resolve, reject) => {
        const signal = signalOf(args);
        signal.addEventListener('abort', () => reject(new DOMException('The operation was aborted.', 'AbortError')));
        calls.push({ args, signal, resolve, reject });
      }),
  );
  return { stub, calls };
}

/** Settles a held call with `value` and lets the components take the answer in. */
export const answerCall = <R>(call: HeldCall<R> | undefined, value: R | PromiseLike<R>) =>
  act(async () => call?.resolve(value));
