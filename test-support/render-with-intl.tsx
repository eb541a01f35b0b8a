import type { ReactElement, ReactNode } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { catalogues } from '@/lib/i18n/catalogue';

/** Renders a component with the real message catalogue, as the app does (a `rerender` keeps it). */
export function renderWithIntl(ui: ReactElement, locale: 'de' | 'en' = 'de') {
  function Intl({ children }: { children: ReactNode }) {
    return (
      <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="Europe/Berlin">
        {children}
      </NextIntlClientProvider>
    );
  }
  return render(ui, { wrapper: Intl });
}
