'use client';

import { useRef, useState } from 'react';

export type RequestState<T> =
  { status: 'idle' } | { status: 'pending' } | { status: 'success'; data: T } | { status: 'error'; error: unknown };
export type SettledRequest<T> = Extract<RequestState<T>, { status: 'success' | 'error' }>;

const IDLE = { status: 'idle' } as const;

/**
 * A request the user starts (a check, an upload) with its state, for the few components that call
 * the API from the browser without TanStack Query (issue 15: ~12 kB gzip a page need not load for
 * one fetch). The newest run wins: `run` aborts the one under way, whose answer is then dropped.
 * `run` resolves with the settled state, or `undefined` when a newer run (or `cancel`) took its place.
 */
export function useLatestRequest<I, T>(request: (input: I, signal: AbortSignal) => Promise<T>) {
  const [state, setState] = useState<RequestState<T>>(IDLE);
  const current = useRef<AbortController | null>(null);

  async function run(input: I): Promise<SettledRequest<T> | undefined> {
    current.current?.abort();
    const controller = new AbortController();
    current.current = controller;
    setState({ status: 'pending' });
    let settled: SettledRequest<T>;
    try {
      settled = { status: 'success', data: await request(input, controller.signal) };
    } catch (error) {
      settled = { status: 'error', error };
    }
    if (current.current !== controller) return undefined;
    current.current = null;
    setState(settled);
    return settled;
  }

  return {
    state,
    isPending: state.status === 'pending',
    run,
    /** Aborts the run under way, if any, and forgets the last answer. */
    cancel() {
      current.current?.abort();
      current.current = null;
      setState(IDLE);
    },
    /** Forgets the last answer; a run under way goes on. */
    reset() {
      if (!current.current) setState(IDLE);
    },
  };
}
