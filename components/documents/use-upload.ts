'use client';

import { useState } from 'react';
import { useTranslations } from 'next-intl';
import type { ActionError } from '@/lib/api-client/action';
import { isErrorBody } from '@/lib/schemas/error-body';
import { UploadInterruptedError, uploadWithProgress } from './upload-with-progress';

export type UploadResult = { ok: true; status: number; body: unknown } | { ok: false; error: ActionError };

/**
 * One upload at a time with its progress (0–100, null when none runs). Refusals come back in the
 * API's error shape, like a server action's, so forms put field errors where they belong.
 */
export function useUpload() {
  const t = useTranslations('documents.toasts');
  const [percent, setPercent] = useState<number | null>(null);

  async function send(url: string, form: FormData, headers: Record<string, string> = {}): Promise<UploadResult> {
    setPercent(0);
    try {
      const answer = await uploadWithProgress(url, form, { headers, onProgress: setPercent });
      if (answer.status >= 200 && answer.status < 300) return { ok: true, status: answer.status, body: answer.body };
      return {
        ok: false,
        error: isErrorBody(answer.body)
          ? answer.body
          : { statusCode: answer.status, code: 'internal', message: `HTTP ${answer.status}` },
      };
    } catch (error) {
      if (!(error instanceof UploadInterruptedError)) throw error;
      return { ok: false, error: { statusCode: 0, code: 'unreachable', message: t('networkError') } };
    } finally {
      setPercent(null);
    }
  }

  return { percent, isUploading: percent !== null, send };
}
