'use client';

import { startTransition, useEffect } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { MAIN_ID } from '@/components/layout/main-id';
import { normalizeError } from '@/lib/errors/normalize-error';
import { isServiceUnavailable } from '@/lib/errors/service-unavailable';

/**
 * The generic error page: the message (or "Fehler") and the status code, default 500. In
 * production a server error's message is replaced by a generic English text with a digest;
 * that text helps nobody, so the page says "Fehler" instead. When the benefits API was
 * unavailable (503) it says so and offers a retry, which renders the page again on the server.
 */
export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  const t = useTranslations('errors');
  const router = useRouter();
  const isUnavailable = isServiceUnavailable(error);
  const { message, statusCode } = isUnavailable ? { message: '', statusCode: 503 } : normalizeError(error);
  const shown = error.digest || !message ? t('error') : message;

  useEffect(() => {
    console.error(error);
  }, [error]);

  const retry = () =>
    startTransition(() => {
      router.refresh();
      reset();
    });

  if (isUnavailable) {
    return (
      <main id={MAIN_ID} tabIndex={-1} className="container py-5 flex-grow-1 text-center" data-testid="service-unavailable">
        <p className="display-4 text-body-secondary">503</p>
        <h1 className="h3">{t('unavailableTitle')}</h1>
        <p className="text-body-secondary">{t('unavailableText')}</p>
        <div className="d-flex gap-2 justify-content-center mt-3">
          <button type="button" className="btn btn-primary" onClick={retry}>
            {t('retry')}
          </button>
        </div>
      </main>
    );
  }

  return (
    <main id={MAIN_ID} tabIndex={-1} className="container py-5 flex-grow-1 text-center" data-testid="error-page">
      <p className="display-4 text-body-secondary">{statusCode}</p>
      <h1 className="h3">{shown}</h1>
      <p className="text-body-secondary">{t('statusCode', { code: statusCode })}</p>
      <div className="d-flex gap-2 justify-content-center mt-3">
        <button type="button" className="btn btn-outline-primary" onClick={reset}>
          {t('retry')}
        </button>
        <Link href="/" className="btn btn-primary">
          {statusCode === 404 ? t('backHome') : t('goHome')}
        </Link>
      </div>
    </main>
  );
}
