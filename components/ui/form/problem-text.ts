'use client';

import { useCallback, useEffect, useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';

/** A validation problem as the API's `details` carry it, or a form's field error. */
export interface ProblemLike {
  path?: string;
  message?: string;
  /** The key in the catalogue `validation.*`. */
  code?: string;
  params?: Record<string, string | number>;
}

export type ProblemText = (problem: string | ProblemLike) => string;

type ProblemKeys = Pick<typeof import('@/lib/schemas/problems'), 'problemKeyOf'>;

/**
 * The German catalogue that tells a schema's own German message by its key
 * (`lib/schemas/problems.ts`, ~2.4 KiB gzip): it loads after hydration instead of with every form
 * (issue 30). Field errors only appear once the lazily loaded schemas have validated, which import
 * the same module, so in practice it is there before the first message is shown.
 */
let problemKeys: ProblemKeys | null = null;
let loading: Promise<ProblemKeys> | null = null;
const listeners = new Set<() => void>();

/** Loads the German catalogue once; every `useProblemText` renders again when it is there. */
export function loadProblemKeys(): Promise<ProblemKeys> {
  loading ??= import('@/lib/schemas/problems').then(
    (module) => {
      problemKeys = module;
      for (const listener of listeners) listener();
      return module;
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/**
 * The text of a validation problem in the UI's language: by its key (`code`) when it has one, else
 * by the German catalogue text a schema wrote (its own message), else the message as it came.
 * The API's German `message` is what an English screen must never show (SPEC §6). Until the German
 * catalogue has loaded a message without a key shows as it came; the text then follows.
 */
export function useProblemText(): ProblemText {
  const t = useTranslations('validation');
  const keys = useSyncExternalStore(
    subscribe,
    () => problemKeys,
    () => null,
  );
  useEffect(() => {
    void loadProblemKeys().catch(() => undefined);
  }, []);
  return useCallback(
    (problem) => {
      const { message = '', code, params } = typeof problem === 'string' ? { message: problem } : problem;
      const key = code && t.has(code as Parameters<typeof t.has>[0]) ? code : keys?.problemKeyOf(message);
      if (key && t.has(key as Parameters<typeof t.has>[0])) return t(key as Parameters<typeof t>[0], params);
      return message;
    },
    [t, keys],
  );
}
