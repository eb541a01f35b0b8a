import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { catalogues } from '@/lib/i18n/catalogue';
import { type MessagePath, pickMessages, ROOT_CLIENT_MESSAGES } from '@/lib/i18n/pick-messages';

/**
 * Renders a component with the real message catalogue (a `rerender` keeps it). With `namespaces`,
 * only what a page whose `ClientMessages` name them gives its client components (the root's and
 * those, less `SELF_LOADED_MESSAGES`), so a text a part must bring itself is missing unless it does.
 */
export function renderWithIntl(ui: ReactElement, locale: 'de' | 'en' = 'de', namespaces?: readonly MessagePath[]) {
  const messages = namespaces
    ? pickMessages(catalogues[locale], [...ROOT_CLIENT_MESSAGES, ...namespaces])
    : catalogues[locale];
  function Intl({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale} messages={messages} timeZone="Europe/Berlin">
        {children}
      </NextIntlClientProvider>
    );
  }
  return render(ui, { wrapper: Intl });
}
