'use client';

import { useSyncExternalStore } from 'react';
import { useTranslations } from 'next-intl';

function subscribe(onChange: () => void) {
  window.addEventListener('online', onChange);
  window.addEventListener('offline', onChange);
  return () => {
    window.removeEventListener('online', onChange);
    window.removeEventListener('offline', onChange);
  };
}

export function useOnline(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => navigator.onLine,
    () => true,
  );
}

export function OfflineBanner() {
  const t = useTranslations('offline');
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      aria-live="polite"
      className="alert alert-warning rounded-0 mb-0 text-center py-2"
      data-testid="offline-banner"
    >
      {t('message')}
    </div>
  );
}
