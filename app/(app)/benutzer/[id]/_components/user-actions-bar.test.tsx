import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { deactivateUserAction, lockUserAction } from '@/components/users/user-actions';
import { UserActionsBar, type UserActionsBarProps } from './user-actions-bar';

jest.mock('@/components/users/user-actions', () => ({
  deactivateUserAction: jest.fn(),
  lockUserAction: jest.fn(),
  resendInvitationAction: jest.fn(),
  unlockUserAction: jest.fn(),
}));
const deactivateMock = deactivateUserAction as jest.MockedFunction<typeof deactivateUserAction>;
const lockMock = lockUserAction as jest.MockedFunction<typeof lockUserAction>;

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

const USER = { id: '3f1c2b3a-1111-4222-8333-444455556666', name: 'Lena Lorenz', email: 'lena@example.com' };
const none = {
  edit: false,
  lock: false,
  unlock: false,
  deactivate: false,
  resendInvitation: false,
  resetMfa: false,
  requestErasure: false,
};

function renderBar(can: Partial<UserActionsBarProps['can']>) {
  const events = userEvent.setup();
  renderWithIntl(
    <ToastProvider>
      <UserActionsBar user={USER} editHref={`/benutzer/${USER.id}/edit/`} can={{ ...none, ...can }} />
    </ToastProvider>,
  );
  return events;
}

beforeEach(() => jest.clearAllMocks());

describe('UserActionsBar', () => {
  it('shows only what the user may do', () => {
    renderBar({ edit: true, resendInvitation: true, deactivate: true });
    const bar = screen.getByTestId('user-actions');
    expect(within(bar).getByRole('link', { name: 'Bearbeiten' })).toHaveAttribute(
      'href',
      expect.stringMatching(new RegExp(`^/benutzer/${USER.id}/edit/?$`)),
    );
    expect(
      within(bar)
        .getAllByRole('button')
        .map((button) => button.textContent),
    ).toEqual(['Einladung erneut senden', 'Deaktivieren']);
  });

  it('renders nothing when nothing is allowed', () => {
    renderBar({});
    expect(screen.queryByTestId('user-actions')).toBeNull();
  });

  it('deactivates only after the confirmation and refreshes the page', async () => {
    deactivateMock.mockResolvedValue({ ok: true, data: {} as never });
    const events = renderBar({ deactivate: true });
    await events.click(screen.getByRole('button', { name: 'Deaktivieren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer deaktivieren' });
    expect(dialog).toHaveTextContent('Lena Lorenz wird sofort abgemeldet');
    expect(deactivateMock).not.toHaveBeenCalled();
    await events.click(within(dialog).getByRole('button', { name: 'Deaktivieren' }));
    await waitFor(() => expect(deactivateMock).toHaveBeenCalledWith(USER.id));
    expect(await screen.findByText('Lena Lorenz wurde deaktiviert.')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalled();
  });

  it('keeps the dialog open and says why when the API refuses', async () => {
    lockMock.mockResolvedValue({
      ok: false,
      error: { statusCode: 403, code: 'forbidden', message: 'Keine Berechtigung für diesen Benutzer.' },
    });
    const events = renderBar({ lock: true });
    await events.click(screen.getByRole('button', { name: 'Sperren' }));
    const dialog = await screen.findByRole('dialog', { name: 'Benutzer sperren' });
    await events.click(within(dialog).getByRole('button', { name: 'Sperren' }));
    expect(
      await screen.findByText('Die Aktion ist fehlgeschlagen: Dafür fehlt Ihnen die Berechtigung.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Benutzer sperren' })).toBeInTheDocument();
    expect(mockRefresh).not.toHaveBeenCalled();
  });
});
