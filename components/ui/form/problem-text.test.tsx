import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { catalogues } from '@/lib/i18n/catalogue';
import { accountCreateSchema } from '@/lib/schemas/account';
import { ERROR_CODES } from '@/lib/schemas/common';
import { loadProblemKeys, useProblemText } from './problem-text';
import { useLazyApiProblemText } from './use-lazy-api-problem-text';

// Counts the loads of the API's error texts (they load with the first refusal, issue 30).
const mockTextsLoaded = jest.fn();
jest.mock('./api-problem-text', () => {
  mockTextsLoaded();
  return jest.requireActual('./api-problem-text');
});

// The German catalogue loads after the first render (problem-text-loading.test.tsx covers that).
beforeAll(() => loadProblemKeys());

function hooks(locale: 'de' | 'en') {
  const wrapper = ({ children }: { children: ReactNode }) => (
    <NextIntlClientProvider locale={locale} messages={catalogues[locale]} timeZone="Europe/Berlin">
      {children}
    </NextIntlClientProvider>
  );
  return renderHook(() => ({ problem: useProblemText(), api: useLazyApiProblemText() }), { wrapper }).result.current;
}

const GERMAN_WORDS =
  /\b(Die|Der|Das|Nur|Mindestens|Höchstens|Pflichtfeld|Ziffern|gültige|ungültig|Konto|Leistung)\b|[äöüß]/;

describe('problem texts in the UI language', () => {
  it('shows a schema’s own German message in English by its catalogue key', () => {
    const { problem } = hooks('en');
    const result = accountCreateSchema.safeParse({ country: 'de', contactPhone: 'abc', benefits: [] });
    expect(result.success).toBe(false);
    const messages = result.success ? [] : result.error.issues.map((issue) => problem(issue.message));
    expect(messages).toEqual(expect.arrayContaining(['Country code of two capital letters, e.g. DE.']));
    expect(messages).toEqual(expect.arrayContaining(['Only digits, spaces and + ( ) / -.']));
    for (const message of messages) expect(message).not.toMatch(GERMAN_WORDS);
  });

  it('prefers the detail’s code and fills in its numbers', () => {
    const { problem } = hooks('en');
    expect(problem({ message: 'Höchstens 200 Zeichen.', code: 'tooLong', params: { maximum: 200 } })).toBe(
      'At most 200 characters.',
    );
    expect(problem({ message: 'Diese Adresse ist bereits vergeben.', code: 'emailTaken' })).toBe(
      'This address is already taken.',
    );
    // Unknown codes and texts stay as they came rather than showing a key.
    expect(problem({ message: 'Something else.', code: 'noSuchKey' })).toBe('Something else.');
    expect(hooks('de').problem({ message: 'x', code: 'emailTaken' })).toBe('Diese Adresse ist bereits vergeben.');
  });

  it('names a refused call by its detail, else by its error code, never by the German message', async () => {
    const { api } = hooks('en');
    await expect(
      api({
        code: 'validation_failed',
        message: 'Nur aktive Konten können gesperrt werden.',
        details: [
          { path: 'status', message: 'Nur aktive Konten können gesperrt werden.', code: 'onlyActiveCanBeSuspended' },
        ],
      }),
    ).resolves.toBe('Only active accounts can be suspended.');
    await expect(api({ code: 'forbidden', message: 'Keine Berechtigung für dieses Konto.' })).resolves.toBe(
      'You are not allowed to do that.',
    );
    await expect(api({ code: 'conflict', message: 'Der Eintrag wurde geändert.', details: [] })).resolves.toBe(
      'The record has been changed in the meantime.',
    );
    await expect(hooks('de').api({ code: 'forbidden', message: 'x' })).resolves.toBe(
      'Dafür fehlt Ihnen die Berechtigung.',
    );
  });

  it('loads the error texts with the first refusal, once', async () => {
    jest.resetModules();
    mockTextsLoaded.mockClear();
    const { api } = hooks('de');
    expect(mockTextsLoaded).not.toHaveBeenCalled();
    await api({ code: 'conflict', message: 'x' });
    await api({ code: 'forbidden', message: 'x' });
    expect(mockTextsLoaded).toHaveBeenCalledTimes(1);
  });
});

describe('the catalogue', () => {
  it('has every validation text and API error code in both languages', () => {
    expect(Object.keys(catalogues.en.validation).sort()).toEqual(Object.keys(catalogues.de.validation).sort());
    expect(Object.keys(catalogues.en.errors.api).sort()).toEqual(Object.keys(catalogues.de.errors.api).sort());
    expect(Object.keys(catalogues.de.errors.api).sort()).toEqual(Object.keys(ERROR_CODES).sort());
    for (const text of Object.values(catalogues.en.validation)) expect(text).not.toMatch(/[äöüß]/);
  });
});
