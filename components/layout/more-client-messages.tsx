'use client';

import { useMemo, type ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useMessages, useTimeZone } from 'next-intl';
import { mergeMessages, type MessageTree } from '@/lib/i18n/merge-messages';

/**
 * Adds messages to those of the provider above (issue 50): a page's client components get their
 * namespaces beside the layouts' without the layouts' messages travelling again in the page's RSC
 * payload. The locale and time
 * zone are the outer provider's (the request config sets no `now`).
 */
export function MoreClientMessages({ messages, children }: { messages: MessageTree; children: ReactNode }) {
  const outer = useMessages() as MessageTree;
  const locale = useLocale();
  const timeZone = useTimeZone();
  const merged = useMemo(() => mergeMessages(outer, messages), [outer, messages]);
  return (
    <NextIntlClientProvider locale={locale} timeZone={timeZone} messages={merged}>
      {children}
    </NextIntlClientProvider>
  );
}
