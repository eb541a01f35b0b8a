'use client';

import { useCallback } from 'react';
import { useTranslations } from 'next-intl';
import type { ActionResult } from '@/lib/api-client/action';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import { UNDO_TOAST_DELAY_MS, useToast } from './toast-provider';

export interface UndoToastInput {
  /** The toast's text; default "Gelöscht". */
  message?: string;
  /** Restores what was deleted (the delete itself happened at once). */
  undo: () => Promise<ActionResult<unknown> | { ok: false; message: string }>;
  /** After a successful undo (refresh the list, go back to the record). */
  onUndone?: () => void;
}

/**
 * "Gelöscht — Rückgängig" for 10 seconds after a delete (issue 51): pressing "Rückgängig" restores at
 * once and says so, or says why it could not.
 */
export function useUndoToast(): (input: UndoToastInput) => void {
  const t = useTranslations('common');
  const toast = useToast();
  const apiProblemText = useLazyApiProblemText();
  return useCallback(
    (input: UndoToastInput) => {
      toast({
        variant: 'success',
        message: input.message ?? t('deleted'),
        delayMs: UNDO_TOAST_DELAY_MS,
        action: {
          label: t('undo'),
          run: () => {
            void (async () => {
              const result = await input.undo();
              if (result.ok) {
                toast({ variant: 'success', message: t('restored') });
                input.onUndone?.();
                return;
              }
              const message = 'error' in result ? await apiProblemText(result.error) : result.message;
              toast({ variant: 'danger', message: t('undoFailed', { message }) });
            })();
          },
        },
      });
    },
    [toast, t, apiProblemText],
  );
}
