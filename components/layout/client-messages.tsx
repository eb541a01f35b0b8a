import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { getMessages } from 'next-intl/server';
import { pickMessages, type MessagePath } from '@/lib/i18n/pick-messages';

/**
 * The messages the client components below it use, and only those: a provider nearer the
 * client component replaces the outer one for its subtree. `common` (buttons, toasts, the
 * language switch) is always there. Server components translate on the server and need none.
 */
export async function ClientMessages({
  namespaces,
  children,
}: {
  namespaces: readonly MessagePath[];
  children: ReactNode;
}) {
  const messages = await getMessages();
  return (
    <NextIntlClientProvider messages={pickMessages(messages, ['common', ...namespaces])}>
      {children}
    </NextIntlClientProvider>
  );
}
