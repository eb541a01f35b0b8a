import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import de from '@/lib/i18n/messages/de.json';
import en from '@/lib/i18n/messages/en.json';

/** Renders a component with the real message catalogue, as the app does. */
export function renderWithIntl(ui: ReactElement, locale: 'de' | 'en' = 'de') {
  return render(
    <NextIntlClientProvider locale={locale} messages={locale === 'de' ? de : en} timeZone="Europe/Berlin">
      {ui}
    </NextIntlClientProvider>,
  );
}
