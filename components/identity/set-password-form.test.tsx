import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { activateAction, resetPasswordAction } from './identity-actions';
import { SetPasswordForm } from './set-password-form';

jest.mock('./identity-actions', () => ({ activateAction: jest.fn(), resetPasswordAction: jest.fn() }));
const resetMock = resetPasswordAction as jest.MockedFunction<typeof resetPasswordAction>;
const activateMock = activateAction as jest.MockedFunction<typeof activateAction>;

const mockPush = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, refresh: jest.fn(), replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

const TOKEN = 'tok_0123456789abcdefghij';
const PASSWORD = 'Ein-sicheres-Passwort-2026';

const newPassword = () => screen.getByLabelText(/^Neues Passwort/, { selector: '#field-password' });
const repeat = () => screen.getByLabelText(/^Neues Passwort wiederholen/);

async function fillAndSend(purpose: 'reset' | 'activate', first = PASSWORD, second = PASSWORD) {
  const events = userEvent.setup();
  renderWithIntl(<SetPasswordForm token={TOKEN} purpose={purpose} />);
  await events.type(newPassword(), first);
  await events.type(repeat(), second);
  await events.click(
    screen.getByRole('button', { name: purpose === 'reset' ? 'Passwort speichern' : 'Zugang aktivieren' }),
  );
  return events;
}

beforeEach(() => jest.clearAllMocks());

describe('SetPasswordForm', () => {
  it('shows the rules with the field and checks length and repetition before sending', async () => {
    await fillAndSend('reset', 'kurz', 'anders');
    expect(newPassword()).toHaveAccessibleDescription(expect.stringContaining('Mindestens 12 Zeichen.'));
    expect(newPassword()).toHaveAccessibleDescription(expect.stringContaining('ist 12 bis 128 Zeichen lang'));
    expect(repeat()).toHaveAccessibleDescription('Die beiden Passwörter stimmen nicht überein.');
    expect(resetMock).not.toHaveBeenCalled();
  });

  it('sets the password and goes to the login with the matching notice', async () => {
    resetMock.mockResolvedValue({ ok: true, data: { accepted: true } });
    await fillAndSend('reset');
    await waitFor(() => expect(resetMock).toHaveBeenCalledWith(TOKEN, PASSWORD));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/login/?reason=password-set'));

    activateMock.mockResolvedValue({ ok: true, data: { accepted: true } });
    document.body.innerHTML = '';
    await fillAndSend('activate');
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith('/login/?reason=activated'));
  });

  it('turns into an explanation with a way forward when the link was used', async () => {
    resetMock.mockResolvedValue({
      ok: false,
      error: {
        statusCode: 400,
        code: 'bad_request',
        message: 'Der Link ist ungültig.',
        details: [{ path: 'token', message: 'used' }],
      },
    });
    await fillAndSend('reset');
    expect(await screen.findByRole('heading', { name: 'Der Link wurde bereits verwendet' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pw-vergessen\/?$/),
    );
    expect(screen.queryByRole('button', { name: 'Passwort speichern' })).toBeNull();
  });

  it('explains an expired invitation with its validity', async () => {
    activateMock.mockResolvedValue({
      ok: false,
      error: {
        statusCode: 400,
        code: 'bad_request',
        message: 'Der Link ist abgelaufen.',
        details: [{ path: 'token', message: 'expired' }],
      },
    });
    await fillAndSend('activate');
    expect(await screen.findByRole('heading', { name: 'Der Link ist abgelaufen' })).toBeInTheDocument();
    expect(
      screen.getByText('Aus Sicherheitsgründen ist ein Einladungslink nur 72 Stunden gültig.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Neuen Link anfordern' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/pw-vergessen\/?$/),
    );
  });

  it('puts the server’s password policy on the field and keeps the form', async () => {
    resetMock.mockResolvedValue({
      ok: false,
      error: {
        statusCode: 422,
        code: 'validation_failed',
        message: 'Die Eingaben sind ungültig.',
        details: [{ path: 'password', message: 'Dieses Passwort ist zu verbreitet.' }],
      },
    });
    await fillAndSend('reset');
    await waitFor(() => expect(newPassword()).toHaveAccessibleDescription(/^Dieses Passwort ist zu verbreitet\./));
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('shows other refusals with the API’s message', async () => {
    resetMock.mockResolvedValue({
      ok: false,
      error: { statusCode: 429, code: 'rate_limited', message: 'Zu viele Anfragen.' },
    });
    await fillAndSend('reset');
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Das Passwort konnte nicht gespeichert werden: Zu viele Anfragen.',
    );
  });
});
