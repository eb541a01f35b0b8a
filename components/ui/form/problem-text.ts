'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import { isProblemKey, problemKeyOf } from '@/lib/schemas/problems';

/** A validation problem as the API's `details` carry it, or a form's field error. */
export interface ProblemLike {
  path?: string;
  message?: string;
  /** The key in the catalogue `validation.*`. */
  code?: string;
  params?: Record<string, string | number>;
}

export type ProblemText = (problem: string | ProblemLike) => string;

/**
 * The text of a validation problem in the UI's language: by its key (`code`) when it has one, else
 * by the German catalogue text a schema wrote (its own message), else the message as it came.
 * The API's German `message` is what an English screen must never show (SPEC §6).
 */
export function useProblemText(): ProblemText {
  const t = useTranslations('validation');
  return useCallback(
    (problem) => {
      const { message = '', code, params } = typeof problem === 'string' ? { message: problem } : problem;
      const key = code && isProblemKey(code) ? code : problemKeyOf(message);
      if (key && t.has(key)) return t(key, params);
      return message;
    },
    [t],
  );
}
