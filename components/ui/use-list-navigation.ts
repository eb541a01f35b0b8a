'use client';

import { useCallback } from 'react';
import { useRouter } from 'next/navigation';
import { loadPage } from './browser-navigation';

/**
 * How long a navigation may take before the page is loaded the plain way: long enough that a
 * merely slow navigation commits first (else the history would get the entry twice).
 */
export const NAVIGATION_FALLBACK_MS = 8000;

const currentLocation = () => `${window.location.pathname}${window.location.search}`;

/**
 * Client-side navigation for list controls (sort, page, tabs, filters), with a safety net: under
 * load, Next.js 15 sometimes fetches a search-parameter-only navigation but never commits it (the
 * URL and the page stay as they were). If nothing has moved after a few seconds, the browser loads
 * the target itself, so a click is never lost.
 */
export function useListNavigation() {
  const router = useRouter();
  return useCallback(
    (href: string, mode: 'push' | 'replace' = 'push') => {
      const before = currentLocation();
      if (mode === 'push') router.push(href, { scroll: false });
      else router.replace(href, { scroll: false });
      window.setTimeout(() => {
        if (currentLocation() === before && new URL(href, window.location.href).href !== window.location.href) {
          loadPage(href, mode);
        }
      }, NAVIGATION_FALLBACK_MS);
    },
    [router],
  );
}
