import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import { setLocaleAction } from '@/lib/i18n/set-locale-action';
import type { User } from '@/lib/schemas/user';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { updateProfileAction } from './profile-actions';
import { ProfileSettings } from './profile-settings';

jest.mock('./profile-actions', () => ({ updateProfileAction: jest.fn() }));
jest.mock('@/lib/i18n/set-locale-action', () => ({ setLocaleAction: jest.fn() }));
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

const profile: User = {
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

beforeEach(() => jest.clearAllMocks());

describe('ProfileSettings', () => {
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
