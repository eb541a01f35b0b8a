import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import type { ActionError, ActionResult } from '@/lib/api-client/action';
import type { User } from '@/lib/schemas/user';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { inviteUserAction, updateUserAction } from './user-actions';
import { UserForm, type UserFormProps } from './user-form';

jest.mock('./user-actions', () => ({ inviteUserAction: jest.fn(), updateUserAction: jest.fn() }));
const inviteMock = inviteUserAction as jest.MockedFunction<typeof inviteUserAction>;
const updateMock = updateUserAction as jest.MockedFunction<typeof updateUserAction>;

const mockPush = jest.fn();
const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, refresh: mockRefresh, replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

const USER_ID = '3f1c2b3a-1111-4222-8333-444455556666';
const ACCOUNT_A = '0b9a3c1e-7c2d-4e59-9a51-2f1d6f0c0a01';
const ACCOUNT_B = '5d1c2b3a-1111-4222-8333-444455550000';
const accounts = [
  { id: ACCOUNT_A, name: 'Müller Logistik GmbH' },
  { id: ACCOUNT_B, name: 'Bäckerei Hansen KG' },
];

const user: User = {
  id: USER_ID,
  email: 'lena.lorenz@example.com',
  firstName: 'Lena',
  lastName: 'Lorenz',
  phone: '+49 40 123',
  role: 'manager',
  accountId: ACCOUNT_A,
  accountName: 'Müller Logistik GmbH',
  status: 'active',
  locale: 'de',
  lastLoginAt: null,
  erasedAt: null,
  pendingApprovals: [],
  version: 4,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

const failure = (error: ActionError): ActionResult<never> => ({ ok: false, error });
type UpdateResult = Awaited<ReturnType<typeof updateUserAction>>;
const updated = (changes: Partial<User> = {}, approval = false): UpdateResult => ({
  ok: true,
  data: {
    user: { ...user, ...changes, version: user.version + 1 },
    approval: approval ? { id: 'c0ffee00-1234-4567-89ab-cdef01234567', kind: 'role_grant', status: 'pending' } : null,
  },
});

type RenderProps = Partial<Pick<UserFormProps, 'roles'>> & { initial?: User; defaultAccountId?: string };

function renderForm({
  roles = ['admin', 'backoffice', 'distributor', 'manager'],
  initial,
  defaultAccountId,
}: RenderProps = {}) {
  const events = userEvent.setup();
  renderWithIntl(
    <ToastProvider>
      {initial ? (
        <UserForm roles={roles} accounts={accounts} hasMoreAccounts={false} initial={initial} />
      ) : (
        <UserForm roles={roles} accounts={accounts} hasMoreAccounts={false} defaultAccountId={defaultAccountId} />
      )}
    </ToastProvider>,
  );
  return events;
}

const field = (name: string) => screen.getByRole('textbox', { name });
const roleSelect = () => screen.getByRole('combobox', { name: 'Rolle' });
const accountSelect = () => screen.getByRole('combobox', { name: 'Konto' });

beforeEach(() => {
  jest.clearAllMocks();
});

describe('UserForm: invite', () => {
  it('offers only the roles given and asks for an account only for managers', async () => {
    const events = renderForm({ roles: ['backoffice', 'distributor', 'manager'] });
    const options = within(roleSelect())
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(options).toEqual(['Bitte wählen …', 'Innendienst', 'Vertrieb', 'Manager']);
    expect(screen.queryByRole('combobox', { name: 'Konto' })).toBeNull();
    await events.selectOptions(roleSelect(), 'Manager');
    expect(accountSelect()).toHaveDisplayValue('Bitte wählen …');
    await events.selectOptions(roleSelect(), 'Vertrieb');
    expect(screen.queryByRole('combobox', { name: 'Konto' })).toBeNull();
  });

  it('shows every error on one submit, a manager’s missing account included', async () => {
    const events = renderForm();
    await events.selectOptions(roleSelect(), 'Manager');
    await events.click(screen.getByRole('button', { name: 'Einladung senden' }));
    const summary = await screen.findByRole('alert', { name: 'Bitte prüfen Sie Ihre Eingaben.' });
    expect(within(summary).getByRole('link', { name: 'Konto: Manager brauchen ein Konto.' })).toBeInTheDocument();
    expect(within(summary).getByRole('link', { name: /^E-Mail-Adresse:/ })).toBeInTheDocument();
    expect(field('Vorname')).toHaveAccessibleDescription('Pflichtfeld.');
    expect(inviteMock).not.toHaveBeenCalled();
  });

  it('invites a manager into the chosen account and goes to the new user', async () => {
    inviteMock.mockResolvedValue({ ok: true, data: { ...user, status: 'invited', version: 1 } });
    const events = renderForm();
    await events.type(field('E-Mail-Adresse'), ' Lena.Lorenz@Example.com ');
    await events.type(field('Vorname'), 'Lena');
    await events.type(field('Nachname'), 'Lorenz');
    await events.selectOptions(roleSelect(), 'Manager');
    await events.selectOptions(accountSelect(), 'Müller Logistik GmbH');
    await events.selectOptions(screen.getByRole('combobox', { name: 'Sprache' }), 'English');
    await events.click(screen.getByRole('button', { name: 'Einladung senden' }));

    await waitFor(() => expect(inviteMock).toHaveBeenCalledTimes(1));
    expect(inviteMock).toHaveBeenCalledWith(
      {
        email: 'lena.lorenz@example.com',
        firstName: 'Lena',
        lastName: 'Lorenz',
        phone: '',
        role: 'manager',
        accountId: ACCOUNT_A,
        locale: 'en',
      },
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/benutzer/${USER_ID}/`));
    expect(await screen.findByText('Die Einladung an lena.lorenz@example.com wurde verschickt.')).toBeInTheDocument();
  });

  it('says before and after saving that an admin grant becomes an approval request', async () => {
    inviteMock.mockResolvedValue({
      ok: true,
      data: {
        ...user,
        role: 'manager',
        accountId: null,
        status: 'invited',
        pendingApprovals: [
          { id: 'c0ffee00-1234-4567-89ab-cdef01234567', kind: 'role_grant', payload: { role: 'admin' } },
        ],
      },
    });
    const events = renderForm({ defaultAccountId: ACCOUNT_B });
    // From an account's tab: a manager of that account, preselected.
    expect(roleSelect()).toHaveDisplayValue('Manager');
    expect(accountSelect()).toHaveDisplayValue('Bäckerei Hansen KG');
    await events.selectOptions(roleSelect(), 'Administrator');
    expect(screen.getByTestId('approval-notice')).toHaveTextContent(
      'Die Rolle Administrator wird erst vergeben, wenn eine zweite Person mit Freigaberecht zustimmt.',
    );
    await events.type(field('E-Mail-Adresse'), 'neu@example.com');
    await events.type(field('Vorname'), 'Nina');
    await events.type(field('Nachname'), 'Neu');
    await events.click(screen.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() => expect(inviteMock).toHaveBeenCalledTimes(1));
    // The account picked for a manager is dropped once another role is chosen.
    expect(inviteMock.mock.calls[0]?.[0]).toMatchObject({ role: 'admin', accountId: null });
    expect(await screen.findByText(/Die Rolle wurde zur Freigabe eingereicht/)).toBeInTheDocument();
  });

  it('puts the API’s field errors on the fields', async () => {
    inviteMock.mockResolvedValue(
      failure({
        statusCode: 409,
        code: 'conflict',
        message: 'Diese E-Mail-Adresse ist bereits vergeben.',
        details: [{ path: 'email', message: 'Diese E-Mail-Adresse ist bereits vergeben.' }],
      }),
    );
    const events = renderForm();
    await events.type(field('E-Mail-Adresse'), 'admin@example.com');
    await events.type(field('Vorname'), 'Anna');
    await events.type(field('Nachname'), 'Albrecht');
    await events.selectOptions(roleSelect(), 'Vertrieb');
    await events.click(screen.getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() =>
      expect(field('E-Mail-Adresse')).toHaveAccessibleDescription(/^Diese E-Mail-Adresse ist bereits vergeben\./),
    );
    expect(mockPush).not.toHaveBeenCalled();
  });
});

describe('UserForm: edit', () => {
  it('sends only the changed fields with the version', async () => {
    updateMock.mockResolvedValue(updated({ phone: '+49 40 999' }));
    const events = renderForm({ initial: user });
    expect(screen.getByText('lena.lorenz@example.com')).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'E-Mail-Adresse' })).toBeNull();
    await events.clear(field('Telefon'));
    await events.type(field('Telefon'), '+49 40 999');
    await events.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateMock).toHaveBeenCalledWith(USER_ID, 4, { phone: '+49 40 999' }));
    await waitFor(() => expect(mockPush).toHaveBeenCalledWith(`/benutzer/${USER_ID}/`));
    expect(await screen.findByText('Die Änderungen wurden gespeichert.')).toBeInTheDocument();
  });

  it('moving a manager to another role sends the role and drops the account', async () => {
    updateMock.mockResolvedValue(updated({ role: 'distributor', accountId: null }));
    const events = renderForm({ initial: user });
    await events.selectOptions(roleSelect(), 'Vertrieb');
    await events.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(updateMock).toHaveBeenCalledWith(USER_ID, 4, { role: 'distributor', accountId: null }));
  });

  it('shows the conflict with the fields that differ and keeps the input', async () => {
    const current: User = {
      ...user,
      version: 6,
      lastName: 'Lorenz-Meyer',
      accountId: ACCOUNT_B,
      accountName: 'Bäckerei Hansen KG',
    };
    updateMock.mockResolvedValueOnce(
      failure({ statusCode: 409, code: 'conflict', message: 'Der Eintrag wurde inzwischen geändert.', current }),
    );
    const events = renderForm({ initial: user });
    await events.clear(field('Vorname'));
    await events.type(field('Vorname'), 'Helena');
    await events.click(screen.getByRole('button', { name: 'Speichern' }));

    const panel = await screen.findByRole('region', {
      name: 'Jemand anderes hat diesen Benutzer inzwischen geändert.',
    });
    const rows = within(panel)
      .getAllByRole('row')
      .slice(1)
      .map((row) => Array.from(row.children).map((cell) => cell.textContent));
    expect(rows).toEqual([
      ['Vorname', 'Helena', 'Lena'],
      ['Nachname', 'Lorenzvon Ihnen nicht geändert; bleibt beim aktuellen Stand', 'Lorenz-Meyer'],
      ['Konto', 'Müller Logistik GmbHvon Ihnen nicht geändert; bleibt beim aktuellen Stand', 'Bäckerei Hansen KG'],
    ]);
    expect(field('Vorname')).toHaveValue('Helena');

    updateMock.mockResolvedValueOnce(updated({ firstName: 'Helena' }));
    await events.click(within(panel).getByRole('button', { name: 'Meine Eingaben trotzdem speichern' }));
    await waitFor(() => expect(updateMock).toHaveBeenLastCalledWith(USER_ID, 6, { firstName: 'Helena' }));
  });

  it('"Aktuellen Stand übernehmen" puts the current record into the form', async () => {
    const current: User = { ...user, version: 6, lastName: 'Lorenz-Meyer' };
    updateMock.mockResolvedValueOnce(
      failure({ statusCode: 409, code: 'conflict', message: 'Der Eintrag wurde inzwischen geändert.', current }),
    );
    const events = renderForm({ initial: user });
    await events.clear(field('Vorname'));
    await events.type(field('Vorname'), 'Helena');
    await events.click(screen.getByRole('button', { name: 'Speichern' }));
    await events.click(await screen.findByRole('button', { name: 'Aktuellen Stand übernehmen' }));
    expect(screen.queryByTestId('conflict-panel')).toBeNull();
    expect(field('Vorname')).toHaveValue('Lena');
    expect(field('Nachname')).toHaveValue('Lorenz-Meyer');
  });

  it('tells that a change to back office goes to approval', async () => {
    updateMock.mockResolvedValue(updated({}, true));
    const events = renderForm({ initial: { ...user, role: 'distributor', accountId: null, accountName: null } });
    await events.selectOptions(roleSelect(), 'Innendienst');
    expect(screen.getByTestId('approval-notice')).toHaveTextContent(
      'Die Änderung der Rolle zu Innendienst wird zur Freigabe eingereicht',
    );
    await events.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(
      await screen.findByText('Die Änderungen wurden gespeichert. Die neue Rolle wurde zur Freigabe eingereicht.'),
    ).toBeInTheDocument();
  });
});
