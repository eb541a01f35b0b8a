import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { nestedMessagePaths, pickMessages, ROOT_CLIENT_MESSAGES, type MessagePath } from '@/lib/i18n/pick-messages';
import { MoreClientMessages } from './more-client-messages';

/**
 * The messages the client components below it use, and only those (issue 50: once per page). The
 * root layout's provider (`root`) carries `ROOT_CLIENT_MESSAGES`; every other one sends only the
 * namespaces the providers above do not carry, and the browser lays them over the outer ones
 * (`MoreClientMessages`), so the RSC payload of a page holds each text once. Server components
 * translate on the server and need none.
 */
export async function ClientMessages({
  namespaces,
  root = false,
  children,
}: {
  namespaces: readonly MessagePath[];
  /** The root layout's provider: the one with the locale, the time zone and `ROOT_CLIENT_MESSAGES`. */
  root?: boolean;
  children: ReactNode;
}) {
  const messages = await getMessages();
  if (root) {
    return (
      <NextIntlClientProvider messages={pickMessages(messages, [...ROOT_CLIENT_MESSAGES, ...namespaces])}>
        {children}
      </NextIntlClientProvider>
    );
  }
  const paths = nestedMessagePaths(namespaces);
  if (paths.length === 0) return <>{children}</>;
  return <MoreClientMessages messages={pickMessages(messages, paths)}>{children}</MoreClientMessages>;
}
