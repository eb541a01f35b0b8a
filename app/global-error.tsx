'use client';

import de from '@/lib/i18n/messages/fallback.de.json';
import en from '@/lib/i18n/messages/fallback.en.json';
import { MAIN_ID } from '@/components/layout/main-id';
import { SkipLinkView } from '@/components/layout/skip-link-view';

/**
 * The last resort when even the root layout failed: no providers are available here, so it
 * reads its two texts directly (not the whole catalogue, which would ship with every page) and
 * uses plain links and inline styles.
 */
export default function GlobalError() {
  const english = typeof navigator !== 'undefined' && navigator.language.toLowerCase().startsWith('en');
  const messages = english ? en : de;
  return (
    <html lang={english ? 'en' : 'de'}>
      <body style={{ fontFamily: 'system-ui, sans-serif', textAlign: 'center', padding: '4rem 1rem' }}>
        <SkipLinkView label={messages.skipToContent} />
        <main id={MAIN_ID} tabIndex={-1}>
          <h1 style={{ fontSize: '1.5rem' }}>{messages.fallbackTitle}</h1>
          {/* A plain link: the router may be what failed. */}
          {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
          <a href="/">{messages.goHome}</a>
        </main>
      </body>
    </html>
  );
}
