import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { NextIntlClientProvider, useLocale, useTranslations } from 'next-intl';
import { z } from '@/lib/schemas/zod';
import { accountCreateSchema } from '@/lib/schemas/account';
import { catalogues } from '@/lib/i18n/catalogue';
import { configureZodLocale, createZodErrorMap, type ValidationTranslator } from './zod-locale';

/** The error map `useZodForm` builds: the catalogue's `validation.*` in the UI language. */
function useFormErrorMap() {
  const t = useTranslations('validation') as unknown as ValidationTranslator;
  return createZodErrorMap(t, useLocale());
}

function errorMapFor(locale: 'de' | 'en') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="Europe/Berlin">
      {children}
    </NextIntlClientProvider>
  );
  return renderHook(() => useFormErrorMap(), { wrapper }).result.current;
}

function messageOf(schema: z.ZodType, value: unknown, error: z.core.$ZodErrorMap) {
  const result = schema.safeParse(value, { error });
  return result.success ? null : result.error.issues.map((issue) => issue.message);
}

describe('zod error messages', () => {
  afterEach(() => configureZodLocale('en'));

  it('gives a too-short string a German message', () => {
    const error = errorMapFor('de');
    expect(messageOf(z.string().min(3), 'ab', error)).toEqual(['Mindestens 3 Zeichen.']);
    expect(messageOf(z.string().max(5), 'abcdefgh', error)).toEqual(['Höchstens 5 Zeichen.']);
    expect(messageOf(z.string().min(1), '', error)).toEqual(['Pflichtfeld.']);
    expect(messageOf(z.string(), undefined, error)).toEqual(['Pflichtfeld.']);
  });

  it('covers numbers, options, formats and lists', () => {
    const error = errorMapFor('de');
    expect(messageOf(z.number(), Number.NaN, error)).toEqual(['Bitte geben Sie eine Zahl ein.']);
    expect(messageOf(z.number().int(), 1.5, error)).toEqual(['Bitte geben Sie eine ganze Zahl ein.']);
    expect(messageOf(z.number().min(0), -1, error)).toEqual(['Der Wert muss mindestens 0 sein.']);
    expect(messageOf(z.number().max(10_000), 20_000, error)).toEqual(['Der Wert darf höchstens 10.000 sein.']);
    expect(messageOf(z.enum(['a', 'b']), 'c', error)).toEqual(['Bitte wählen Sie einen der angebotenen Werte.']);
    expect(messageOf(z.email(), 'nope', error)).toEqual(['Keine gültige E-Mail-Adresse.']);
    expect(messageOf(z.array(z.string()).min(2), ['x'], error)).toEqual(['Mindestens 2 Einträge.']);
  });

  it('keeps the schemas own German messages and picks the telling union branch', () => {
    const error = errorMapFor('de');
    const result = accountCreateSchema.safeParse(
      { name: 'A', legalForm: 'GmbH', zip: '123', contactEmail: 'kein-mail' },
      { error },
    );
    expect(result.success).toBe(false);
    const byPath = Object.fromEntries(result.error!.issues.map((issue) => [issue.path.join('.'), issue.message]));
    expect(byPath).toMatchObject({
      name: 'Mindestens 2 Zeichen.',
      zip: 'Die PLZ hat 5 Ziffern.',
      contactEmail: 'Keine gültige E-Mail-Adresse.',
    });
  });

  it('answers in English for the English UI', () => {
    const error = errorMapFor('en');
    expect(messageOf(z.string().min(3), 'ab', error)).toEqual(['At least 3 characters.']);
    expect(messageOf(z.string().min(2), 'a', error)).toEqual(['At least 2 characters.']);
  });

  it('falls back to zod’s German locale, and can set it process-wide', () => {
    const error = errorMapFor('de');
    expect(messageOf(z.strictObject({}), { extra: 1 }, error)).toEqual(['Unbekannter Schlüssel: "extra"']);
    configureZodLocale('de');
    expect(z.string().min(3).safeParse('ab').error?.issues[0]?.message).toBe(
      'Zu klein: erwartet, dass string >=3 Zeichen hat',
    );
  });
});
