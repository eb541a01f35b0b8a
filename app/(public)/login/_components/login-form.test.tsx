import { act, fireEvent, screen } from '@testing-library/react';
import { signInWithCredentials } from '@/lib/auth/browser-auth';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { LoginForm } from './login-form';

jest.mock('@/lib/auth/browser-auth', () => ({ signInWithCredentials: jest.fn() }));
const signInMock = signInWithCredentials as jest.MockedFunction<typeof signInWithCredentials>;

function fillAndSubmit(email = 'admin@example.com', password = 'secret-password') {
  fireEvent.change(screen.getByLabelText('E-Mail-Adresse'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Passwort'), { target: { value: password } });
  fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
}

describe('LoginForm', () => {
  beforeEach(() => signInMock.mockReset());

  it('asks for both fields without calling the API', () => {
    renderWithIntl(<LoginForm callbackUrl="/" />);
    fireEvent.click(screen.getByRole('button', { name: 'Anmelden' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Bitte geben Sie E-Mail-Adresse und Passwort ein.');
    expect(signInMock).not.toHaveBeenCalled();
  });

  it('is busy while signing in and signs in only once', async () => {
    let finish: (value: Awaited<ReturnType<typeof signInWithCredentials>>) => void = () => undefined;
    signInMock.mockReturnValue(new Promise((resolve) => (finish = resolve)));
    renderWithIntl(<LoginForm callbackUrl="/" />);
    fillAndSubmit();
    const button = screen.getByRole('button', { name: /Anmeldung läuft/ });
    expect(button).toBeDisabled();
    fireEvent.click(button);
    expect(signInMock).toHaveBeenCalledTimes(1);
    await act(async () => finish({ error: 'invalid', ok: false, status: 401, url: null }));
    expect(screen.getByRole('button', { name: 'Anmelden' })).toBeEnabled();
  });

  it.each([
    ['invalid', 'E-Mail-Adresse oder Passwort ist falsch.'],
    ['disabled', 'Ihr Zugang ist gesperrt oder deaktiviert.'],
    ['unreachable', 'Der Anmeldedienst ist gerade nicht erreichbar.'],
    ['CredentialsSignin', 'Die Anmeldung ist fehlgeschlagen.'],
  ])('explains the error %s', async (error, text) => {
    signInMock.mockResolvedValue({ error, ok: false, status: 401, url: null });
    renderWithIntl(<LoginForm callbackUrl="/" />);
    await act(async () => fillAndSubmit());
    expect(screen.getByRole('alert')).toHaveTextContent(text);
  });

  it('treats a CSRF redirect as a failure, not a success', async () => {
    signInMock.mockResolvedValue({ error: null, ok: true, status: 200, url: 'http://localhost/api/auth/signin?csrf=true' });
    renderWithIntl(<LoginForm callbackUrl="/" />);
    await act(async () => fillAndSubmit());
    expect(screen.getByRole('alert')).toHaveTextContent('Die Anmeldung ist fehlgeschlagen.');
  });

  it('counts a lockout down once a second', async () => {
    jest.useFakeTimers();
    try {
      signInMock.mockResolvedValue({ error: 'locked:62', ok: false, status: 401, url: null });
      renderWithIntl(<LoginForm callbackUrl="/" />);
      await act(async () => fillAndSubmit());
      expect(screen.getByRole('alert')).toHaveTextContent('Noch 1 Minute 2 Sekunden');
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.getByRole('alert')).toHaveTextContent('Noch 1 Minute 1 Sekunde');
      act(() => jest.advanceTimersByTime(61_000));
      expect(screen.getByRole('alert')).toHaveTextContent('Die Sperre ist abgelaufen.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('speaks English when the catalogue is English', async () => {
    signInMock.mockResolvedValue({ error: 'rate_limited:60', ok: false, status: 401, url: null });
    renderWithIntl(<LoginForm callbackUrl="/" />, 'en');
    fireEvent.change(screen.getByLabelText('E-mail address'), { target: { value: 'a@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'x' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Sign in' })));
    expect(screen.getByRole('alert')).toHaveTextContent('Too many sign-in attempts from your connection. Please wait 1 minute 0 seconds.');
  });
});
