'use client';

import { useState } from 'react';
import { useRouter } from 'next/navigation';
import { useLocale, useTranslations } from 'next-intl';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { useToast } from '@/components/ui/toast-provider';
import { formatDateTime } from '@/lib/format/date';
import type { SessionInfo } from '@/lib/schemas/user';
import { revokeOtherSessionsAction, revokeSessionAction } from './profile-actions';
import { describeUserAgent } from './user-agent';
import { useLazyApiProblemText } from '@/components/ui/form/use-lazy-api-problem-text';

/**
 * The user's live sessions, this one marked. Others can be ended one by one or all at once
 * ("Überall sonst abmelden"); the API checks every request against them, so it takes effect at once.
 */
export function SessionsTable({ sessions }: { sessions: readonly SessionInfo[] }) {
  const t = useTranslations('profile.sessions');
  const apiProblemText = useLazyApiProblemText();
  const locale = useLocale();
  const router = useRouter();
  const showToast = useToast();
  const [isConfirming, setConfirming] = useState(false);
  const [endingId, setEndingId] = useState<string | null>(null);
  const others = sessions.filter((session) => !session.isCurrent);

  const describe = (userAgent: string) => {
    const { browser, system } = describeUserAgent(userAgent);
    if (browser && system) return t('browserOn', { browser, system });
    return browser ?? system ?? t('unknownBrowser');
  };

  async function endOne(session: SessionInfo) {
    setEndingId(session.id);
    const result = await revokeSessionAction(session.id);
    setEndingId(null);
    if (!result.ok) {
      showToast({ variant: 'danger', message: t('failed', { message: await apiProblemText(result.error) }) });
      return;
    }
    showToast({ variant: 'success', message: t('ended') });
    router.refresh();
  }

  async function endOthers(): Promise<boolean> {
    const result = await revokeOtherSessionsAction();
    if (!result.ok) {
      showToast({ variant: 'danger', message: t('failed', { message: await apiProblemText(result.error) }) });
      return false;
    }
    showToast({ variant: 'success', message: t('endedOthers') });
    router.refresh();
    return true;
  }

  return (
    <section aria-labelledby="profile-sessions-heading" className="card mb-4" data-testid="sessions">
      <div className="card-body">
        <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
          <h2 id="profile-sessions-heading" className="h5 card-title mb-0">
            {t('title')}
          </h2>
          {others.length > 0 ? (
            <button type="button" className="btn btn-outline-danger" onClick={() => setConfirming(true)}>
              {t('endOthers')}
            </button>
          ) : null}
        </div>
        <p className="text-body-secondary">{t('intro')}</p>
        <div className="table-responsive">
          <table className="table align-middle mb-0">
            <caption className="visually-hidden">{t('caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.browser')}</th>
                <th scope="col">{t('columns.ip')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('columns.createdAt')}
                </th>
                <th scope="col">{t('columns.lastSeenAt')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('columns.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {sessions.map((session) => (
                <tr key={session.id} data-current={session.isCurrent || undefined}>
                  <th scope="row" className="fw-normal">
                    <span title={session.userAgent || undefined}>{describe(session.userAgent)}</span>
                    {session.isCurrent ? (
                      <span className="badge text-bg-primary ms-2" data-testid="current-session">
                        {t('current')}
                      </span>
                    ) : null}
                  </th>
                  <td className="text-nowrap">{session.ip || t('unknownIp')}</td>
                  <td className="text-nowrap d-none d-md-table-cell">{formatDateTime(session.createdAt, locale)}</td>
                  <td className="text-nowrap">{formatDateTime(session.lastSeenAt, locale)}</td>
                  <td className="text-end">
                    {session.isCurrent ? null : (
                      <button
                        type="button"
                        className="btn btn-sm btn-outline-secondary"
                        disabled={endingId === session.id}
                        aria-busy={endingId === session.id || undefined}
                        aria-label={t('endOneLabel', {
                          browser: describe(session.userAgent),
                          ip: session.ip || t('unknownIp'),
                        })}
                        onClick={() => void endOne(session)}
                      >
                        {t('endOne')}
                      </button>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
      <ConfirmDialog
        show={isConfirming}
        title={t('confirmTitle')}
        confirmLabel={t('endOthers')}
        cancelLabel={t('cancel')}
        confirmVariant="danger"
        onConfirm={endOthers}
        onHide={() => setConfirming(false)}
      >
        <p className="mb-0">{t('confirmBody', { count: others.length })}</p>
      </ConfirmDialog>
    </section>
  );
}
