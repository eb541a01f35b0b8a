import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { forgotPasswordAction } from '@/components/identity/identity-actions';
import { ForgotPasswordForm } from './forgot-password-form';

jest.mock('@/components/identity/identity-actions', () => ({ forgotPasswordAction: jest.fn() }));
const forgotMock = forgotPasswordAction as jest.MockedFunction<typeof forgotPasswordAction>;

beforeEach(() => jest.clearAllMocks());

describe('ForgotPasswordForm', () => {
  it('always answers with the same message and a way back to the login', async () => {
    forgotMock.mockResolvedValue({ ok: true, data: { accepted: true } });
    const events = userEvent.setup();
    renderWithIntl(<ForgotPasswordForm />);
    await events.type(screen.getByRole('textbox', { name: /^E-Mail-Adresse/ }), ' wer@example.com ');
    await events.click(screen.getByRole('button', { name: 'Link anfordern' }));
    await waitFor(() => expect(forgotMock).toHaveBeenCalledWith('wer@example.com'));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Falls ein Konto existiert, haben wir eine E-Mail gesendet.',
    );
    expect(screen.getByRole('link', { name: 'Zurück zur Anmeldung' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/login\/?$/),
    );
  });

  it('checks the address before sending', async () => {
    const events = userEvent.setup();
    renderWithIntl(<ForgotPasswordForm />);
    await events.type(screen.getByRole('textbox', { name: /^E-Mail-Adresse/ }), 'keine-adresse');
    await events.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(
      await screen.findByText('Keine gültige E-Mail-Adresse.', { selector: '.invalid-feedback' }),
    ).toBeInTheDocument();
    expect(forgotMock).not.toHaveBeenCalled();
  });

  it('says when the request was refused (rate limit)', async () => {
    forgotMock.mockResolvedValue({
      ok: false,
      error: { statusCode: 429, code: 'rate_limited', message: 'Zu viele Anfragen.' },
    });
    const events = userEvent.setup();
    renderWithIntl(<ForgotPasswordForm />);
    await events.type(screen.getByRole('textbox', { name: /^E-Mail-Adresse/ }), 'wer@example.com');
    await events.click(screen.getByRole('button', { name: 'Link anfordern' }));
    expect(
      await screen.findByText('Die Anfrage ist fehlgeschlagen: Zu viele Anfragen. Bitte warten Sie einen Moment.'),
    ).toBeInTheDocument();
  });
});
