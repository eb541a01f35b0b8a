import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { confirmEmailAction } from '@/components/identity/identity-actions';
import { ConfirmEmailPanel } from './confirm-email-panel';

jest.mock('@/components/identity/identity-actions', () => ({ confirmEmailAction: jest.fn() }));
const confirmMock = confirmEmailAction as jest.MockedFunction<typeof confirmEmailAction>;

const TOKEN = 'tok_0123456789abcdefghij';

beforeEach(() => jest.clearAllMocks());

describe('ConfirmEmailPanel', () => {
  it('confirms only when the button is pressed, then points signed-in users to the profile', async () => {
    confirmMock.mockResolvedValue({ ok: true, data: { accepted: true } });
    const events = userEvent.setup();
    renderWithIntl(<ConfirmEmailPanel token={TOKEN} isSignedIn />);
    expect(confirmMock).not.toHaveBeenCalled();
    await events.click(screen.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }));
    await waitFor(() => expect(confirmMock).toHaveBeenCalledWith(TOKEN));
    expect(await screen.findByRole('status')).toHaveTextContent('Ihre neue E-Mail-Adresse ist bestätigt.');
    expect(screen.getByRole('link', { name: 'Zum Profil' })).toHaveAttribute(
      'href',
      expect.stringMatching(/^\/profil\/?$/),
    );
  });

  it('explains an expired link and how to get a new one', async () => {
    confirmMock.mockResolvedValue({
      ok: false,
      error: {
        statusCode: 400,
        code: 'bad_request',
        message: 'Abgelaufen.',
        details: [{ path: 'token', message: 'expired' }],
      },
    });
    const events = userEvent.setup();
    renderWithIntl(<ConfirmEmailPanel token={TOKEN} isSignedIn={false} />);
    await events.click(screen.getByRole('button', { name: 'E-Mail-Adresse bestätigen' }));
    expect(await screen.findByRole('heading', { name: 'Der Link ist abgelaufen' })).toBeInTheDocument();
    expect(
      screen.getByText('Aus Sicherheitsgründen ist ein Bestätigungslink nur 24 Stunden gültig.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Anmeldung' })).toBeInTheDocument();
  });
});
