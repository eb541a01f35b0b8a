'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';
import type { ApiProblemLike } from '@/components/ui/form/api-problem-text';
import { useToast } from '@/components/ui/toast-provider';

interface RestoreAnswer {
  approval: { id: string } | null;
}

/**
 * "Diesen Stand wiederherstellen" (issue 51): asks first, then `POST {apiPath}restore-state/` with
 * the moment and the version the page shows (If-Match) through the browser's way to the API
 * (`/api/ui/…`), toasts what happened (applied, or waiting for an approval) and shows the record
 * as it is now. A refusal (a conflict, a state no longer valid) stays in the dialog's place as text.
 */
export function RestoreStateButton({
  apiPath,
  asOf,
  at,
  version,
  recordHref,
}: {
  /** The record's API path, e.g. `/accounts/<id>/`. */
  apiPath: string;
  /** The moment (RFC 3339). */
  asOf: string;
  /** The moment as the page shows it. */
  at: string;
  /** The record's version the page shows: a newer one on the server is a conflict (409). */
  version: number;
  /** The record's page without the as-of view. */
  recordHref: string;
}) {
  const t = useTranslations('history.asOf');
  const router = useRouter();
  const showToast = useToast();
  const problemText = useLazyApiProblemText();
  const [asking, setAsking] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  async function restore(): Promise<boolean> {
    setProblem(null);
    let response: Response;
    try {
      response = await fetch(`/api/ui${apiPath}restore-state/`, {
        method: 'POST',
        headers: { accept: 'application/json', 'content-type': 'application/json', 'if-match': `W/"${version}"` },
        body: JSON.stringify({ asOf }),
      });
    } catch (error) {
      setProblem(t('restoreFailed', { message: error instanceof Error ? error.message : String(error) }));
      return true;
    }
    const body = (await response.json().catch(() => null)) as (RestoreAnswer & ApiProblemLike) | null;
    if (!response.ok) {
      setProblem(t('restoreFailed', { message: await problemText(body ?? { message: `HTTP ${response.status}` }) }));
      return true;
    }
    showToast({ message: body?.approval ? t('restoreRequested') : t('restored'), variant: 'success' });
    router.push(recordHref);
    router.refresh();
    return true;
  }

  return (
    <div className="mt-3">
      <button type="button" className="btn btn-sm btn-outline-primary" onClick={() => setAsking(true)}>
        {t('restore')}
      </button>
      {problem ? (
        <div className="alert alert-danger mt-2 mb-0" role="alert" data-testid="restore-state-problem">
          {problem}
        </div>
      ) : null}
      <ConfirmDialog
        show={asking}
        title={t('restoreTitle')}
        confirmLabel={t('restoreConfirm')}
        onConfirm={restore}
        onHide={() => setAsking(false)}
      >
        {t('restoreBody', { at })}
      </ConfirmDialog>
    </div>
  );
}
