import type { ReactElement } from 'react';
import { render } from '@testing-library/react';
import { NextIntlClientProvider } from 'next-intl';
import { catalogues } from '@/lib/i18n/catalogue';

/** Renders a component with the real message catalogue, as the app does. */
export function renderWithIntl(ui: ReactElement, locale: 'de' | 'en' = 'de') {
  return render(
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="Europe/Berlin">
      {ui}
    </NextIntlClientProvider>,
  );
}
