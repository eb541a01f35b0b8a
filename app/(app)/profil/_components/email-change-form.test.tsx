import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { changeEmailAction } from './profile-actions';
import { EmailChangeForm } from './email-change-form';

jest.mock('./profile-actions', () => ({ changeEmailAction: jest.fn() }));
const changeMock = changeEmailAction as jest.MockedFunction<typeof changeEmailAction>;

beforeEach(() => jest.clearAllMocks());

async function send(email: string, password: string) {
  const events = userEvent.setup();
  renderWithIntl(<EmailChangeForm currentEmail="ida@example.com" />);
  await events.type(screen.getByRole('textbox', { name: /^Neue E-Mail-Adresse/ }), email);
  await events.type(screen.getByLabelText(/^Aktuelles Passwort/), password);
  await events.click(screen.getByRole('button', { name: 'Bestätigungslink senden' }));
}

describe('EmailChangeForm', () => {
  it('says where the confirmation link went and empties the form', async () => {
    changeMock.mockResolvedValue({ ok: true, data: { accepted: true } });
    await send('Ida.Neu@Example.com', 'mein-Passwort-123');
    await waitFor(() => expect(changeMock).toHaveBeenCalledWith('ida.neu@example.com', 'mein-Passwort-123'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Wir haben eine E-Mail an ida.neu@example.com gesendet.',
    );
    expect(screen.getByLabelText(/^Aktuelles Passwort/)).toHaveValue('');
  });

  it('puts a wrong current password on its field', async () => {
    changeMock.mockResolvedValue({
      ok: false,
      error: {
        statusCode: 422,
        code: 'validation_failed',
        message: 'Die Eingaben sind ungültig.',
        details: [{ path: 'currentPassword', message: 'Das aktuelle Passwort stimmt nicht.' }],
      },
    });
    await send('neu@example.com', 'falsch');
    await waitFor(() =>
      expect(screen.getByLabelText(/^Aktuelles Passwort/)).toHaveAccessibleDescription(
        'Das aktuelle Passwort stimmt nicht.',
      ),
    );
    expect(screen.queryByRole('status')).toBeNull();
  });
});
