'use client';

import type { ReactNode } from 'react';
import { useLocale } from 'next-intl';
import type { MessageTree } from '@/lib/i18n/merge-messages';
import type { Locale } from '@/lib/schemas/auth';
import { MoreClientMessages } from './more-client-messages';

/**
 * Texts a part that loads on demand brings with its own code (issue 50): the part's module imports
 * them for both locales, and this lays the current locale's over the page's messages, so the page's
 * RSC payload does not carry texts only an opened panel or dialog shows. The paths belong in
 * `SELF_LOADED_MESSAGES` (lib/i18n/pick-messages.ts), which keeps them out of the page's messages.
 * `messages` must be a module constant: a new object on each render would merge again each time.
 */
export function SelfLoadedMessages({
  messages,
  children,
}: {
  messages: Record<Locale, MessageTree>;
  children: ReactNode;
}) {
  const locale = useLocale() as Locale;
  return <MoreClientMessages messages={messages[locale] ?? messages.de}>{children}</MoreClientMessages>;
}
