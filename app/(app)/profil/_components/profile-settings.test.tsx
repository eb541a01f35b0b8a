import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import { setLocaleAction } from '@/lib/i18n/set-locale-action';
import { saveThemeAction } from '@/components/layout/theme-actions';
import type { Profile } from '@/lib/schemas/user';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { updateProfileAction } from './profile-actions';
import { ProfileSettings } from './profile-settings';

jest.mock('./profile-actions', () => ({ updateProfileAction: jest.fn() }));
jest.mock('@/lib/i18n/set-locale-action', () => ({ setLocaleAction: jest.fn() }));
jest.mock('@/components/layout/theme-actions', () => ({ saveThemeAction: jest.fn() }));
const saveThemeMock = saveThemeAction as jest.MockedFunction<typeof saveThemeAction>;
const updateMock = updateProfileAction as jest.MockedFunction<typeof updateProfileAction>;
const setLocaleMock = setLocaleAction as jest.MockedFunction<typeof setLocaleAction>;

const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({
    push: jest.fn(),
    refresh: mockRefresh,
    replace: jest.fn(),
    back: jest.fn(),
    prefetch: jest.fn(),
  }),
}));

const profile: Profile = {
  id: '3f1c2b3a-1111-4222-8333-444455556666',
  email: 'ida@example.com',
  firstName: 'Ida',
  lastName: 'Ilse',
  phone: '',
  role: 'distributor',
  accountId: null,
  accountName: null,
  status: 'active',
  locale: 'de',
  theme: 'system',
  lastLoginAt: null,
  erasedAt: null,
  pendingApprovals: [],
  version: 2,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

function renderSettings() {
  const events = userEvent.setup();
  renderWithIntl(
    <ToastProvider>
      <ProfileSettings profile={profile} />
    </ToastProvider>,
  );
  return events;
}

beforeEach(() => {
  jest.clearAllMocks();
  // The root layout renders the choice on <html>; here the test does.
  document.documentElement.setAttribute('data-theme-choice', 'system');
});

describe('ProfileSettings', () => {
  it('saves a new theme at once, shows it on <html>, and saves the name later with the newer version', async () => {
    saveThemeMock.mockResolvedValue({ ok: true, data: { ...profile, theme: 'dark', version: 3 } });
    updateMock.mockResolvedValue({ ok: true, data: { ...profile, theme: 'dark', firstName: 'Ina', version: 4 } });
    const events = renderSettings();
    const theme = screen.getByRole('combobox', { name: 'Farbschema der Oberfläche' });
    expect(
      within(theme)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Hell', 'Dunkel', 'System']);
    expect(theme).toHaveValue('system');
    await events.selectOptions(theme, 'dark');
    expect(document.documentElement).toHaveAttribute('data-theme-choice', 'dark');
    await waitFor(() => expect(saveThemeMock).toHaveBeenCalledWith('dark'));
    expect(theme).toHaveValue('dark');

    const firstName = screen.getByRole('textbox', { name: /^Vorname/ });
    await events.clear(firstName);
    await events.type(firstName, 'Ina');
    await events.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateMock).toHaveBeenCalledWith(3, { firstName: 'Ina' }));
  });

  it('goes back to the previous theme when saving it fails', async () => {
    saveThemeMock.mockResolvedValue({
      ok: false,
      error: { statusCode: 503, code: 'service_unavailable', message: 'Dienst nicht erreichbar' },
    });
    const events = renderSettings();
    const theme = screen.getByRole('combobox', { name: 'Farbschema der Oberfläche' });
    await events.selectOptions(theme, 'light');
    await waitFor(() => expect(theme).toHaveValue('system'));
    expect(document.documentElement).toHaveAttribute('data-theme-choice', 'system');
    expect(await screen.findByText(/Die Änderung ist fehlgeschlagen/)).toBeInTheDocument();
  });

  it('saves the changed name with the version', async () => {
    updateMock.mockResolvedValue({ ok: true, data: { ...profile, firstName: 'Ina', version: 3 } });
    const events = renderSettings();
    const firstName = screen.getByRole('textbox', { name: /^Vorname/ });
    await events.clear(firstName);
    await events.type(firstName, 'Ina');
    await events.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateMock).toHaveBeenCalledWith(2, { firstName: 'Ina' }));
    expect(await screen.findByText('Ihre Angaben wurden gespeichert.')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalled();
  });

  it('saves a new language at once and switches the interface', async () => {
    updateMock.mockResolvedValue({ ok: true, data: { ...profile, locale: 'en', version: 3 } });
    const events = renderSettings();
    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Sprache der Oberfläche und der E-Mails' }),
      'English',
    );
    await waitFor(() => expect(setLocaleMock).toHaveBeenCalledWith('en'));
    expect(updateMock).toHaveBeenCalledWith(2, { locale: 'en' });
    await waitFor(() => expect(mockRefresh).toHaveBeenCalled());
  });

  it('sends the language again on top of a newer version', async () => {
    updateMock
      .mockResolvedValueOnce({
        ok: false,
        error: {
          statusCode: 409,
          code: 'conflict',
          message: 'Geändert.',
          current: { ...profile, phone: '+49 1', version: 5 },
        },
      })
      .mockResolvedValueOnce({ ok: true, data: { ...profile, locale: 'en', version: 6 } });
    const events = renderSettings();
    await events.selectOptions(
      screen.getByRole('combobox', { name: 'Sprache der Oberfläche und der E-Mails' }),
      'English',
    );
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(5, { locale: 'en' }));
    await waitFor(() => expect(setLocaleMock).toHaveBeenCalledWith('en'));
  });

  it('shows a conflict on the personal details and keeps the input', async () => {
    updateMock.mockResolvedValueOnce({
      ok: false,
      error: {
        statusCode: 409,
        code: 'conflict',
        message: 'Geändert.',
        current: { ...profile, lastName: 'Ilse-Berg', version: 5 },
      },
    });
    const events = renderSettings();
    const phone = screen.getByRole('textbox', { name: 'Telefon' });
    await events.type(phone, '+49 30 1');
    await events.click(screen.getByRole('button', { name: 'Speichern' }));
    const panel = await screen.findByRole('region', {
      name: 'Ihr Profil wurde inzwischen an anderer Stelle geändert.',
    });
    expect(within(panel).getAllByRole('row')).toHaveLength(3);
    expect(phone).toHaveValue('+49 30 1');

    updateMock.mockResolvedValueOnce({
      ok: true,
      data: { ...profile, lastName: 'Ilse-Berg', phone: '+49 30 1', version: 6 },
    });
    await events.click(within(panel).getByRole('button', { name: 'Meine Eingaben trotzdem speichern' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(5, { phone: '+49 30 1' }));
  });
});
