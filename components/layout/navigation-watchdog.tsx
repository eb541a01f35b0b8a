'use client';

import { useEffect } from 'react';
import { loadPage } from '@/components/ui/browser-navigation';
import { NAVIGATION_FALLBACK_MS } from '@/components/ui/use-list-navigation';

const currentLocation = () => `${window.location.pathname}${window.location.search}`;

/**
 * The safety net of every in-app link: under load, Next.js 15 now and then fetches a client-side
 * navigation but never commits it, and the click seems lost. If the page has not moved a few
 * seconds after a plain click on an in-app link, the browser loads the target itself.
 */
export function NavigationWatchdog() {
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target || anchor.hasAttribute('download')) return;
      const target = new URL(anchor.href, window.location.href);
      if (target.origin !== window.location.origin || target.pathname.startsWith('/api/')) return;
      const before = currentLocation();
      const destination = `${target.pathname}${target.search}`;
      if (destination === before) return;
      window.setTimeout(() => {
        if (currentLocation() === before) loadPage(`${destination}${target.hash}`, 'push');
      }, NAVIGATION_FALLBACK_MS);
    };
    document.addEventListener('click', onClick);
    return () => document.removeEventListener('click', onClick);
  }, []);
  return null;
}
