import { act, renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { NextIntlClientProvider } from 'next-intl';
import { catalogues } from '@/lib/i18n/catalogue';
import { useProblemText } from './problem-text';

// Counts the loads of the German catalogue (it loads after the first render, issue 30).
const mockCatalogueLoaded = jest.fn();
jest.mock('@/lib/schemas/problems', () => {
  mockCatalogueLoaded();
  return jest.requireActual('@/lib/schemas/problems');
});

function Intl({ children }: { children: ReactNode }) {
  return (
    <NextIntlClientProvider locale="en" messages={catalogues.en} timeZone="Europe/Berlin">
      {children}
    </NextIntlClientProvider>
  );
}

describe('useProblemText while the German catalogue loads', () => {
  it('reads a key at once, a German message once the catalogue is there, and loads it once', async () => {
    const { result } = renderHook(() => useProblemText(), { wrapper: Intl });
    // Before the catalogue: a detail's key already reads in English, a bare German message as it came.
    expect(result.current({ message: 'Höchstens 200 Zeichen.', code: 'tooLong', params: { maximum: 200 } })).toBe(
      'At most 200 characters.',
    );
    expect(result.current('Diese Adresse ist bereits vergeben.')).toBe('Diese Adresse ist bereits vergeben.');
    // The first render asked for it; the hook renders again when it is there.
    expect(mockCatalogueLoaded).not.toHaveBeenCalled();
    await act(() => import('@/lib/schemas/problems'));
    expect(mockCatalogueLoaded).toHaveBeenCalledTimes(1);
    expect(result.current('Diese Adresse ist bereits vergeben.')).toBe('This address is already taken.');
    renderHook(() => useProblemText(), { wrapper: Intl });
    expect(mockCatalogueLoaded).toHaveBeenCalledTimes(1);
  });
});
