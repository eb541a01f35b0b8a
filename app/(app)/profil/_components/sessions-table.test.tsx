import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import type { SessionInfo } from '@/lib/schemas/user';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { revokeOtherSessionsAction, revokeSessionAction } from './profile-actions';
import { SessionsTable } from './sessions-table';

jest.mock('./profile-actions', () => ({ revokeOtherSessionsAction: jest.fn(), revokeSessionAction: jest.fn() }));
const revokeOthersMock = revokeOtherSessionsAction as jest.MockedFunction<typeof revokeOtherSessionsAction>;
const revokeOneMock = revokeSessionAction as jest.MockedFunction<typeof revokeSessionAction>;

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

const sessions: SessionInfo[] = [
  {
    id: 'a1111111-1111-4111-8111-111111111111',
    createdAt: '2026-03-02T08:00:00.000Z',
    lastSeenAt: '2026-03-02T09:30:00.000Z',
    userAgent:
      'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36',
    ip: '203.0.113.7',
    isCurrent: true,
  },
  {
    id: 'b2222222-2222-4222-8222-222222222222',
    createdAt: '2026-03-01T07:00:00.000Z',
    lastSeenAt: '2026-03-01T18:15:00.000Z',
    userAgent:
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1',
    ip: '198.51.100.23',
    isCurrent: false,
  },
];

function renderTable(items: SessionInfo[] = sessions) {
  const events = userEvent.setup();
  renderWithIntl(
    <ToastProvider>
      <SessionsTable sessions={items} />
    </ToastProvider>,
  );
  return events;
}

beforeEach(() => jest.clearAllMocks());

describe('SessionsTable', () => {
  it('lists the sessions readably and marks this one', () => {
    renderTable();
    const rows = within(screen.getByRole('table', { name: 'Ihre aktiven Sitzungen' }))
      .getAllByRole('row')
      .slice(1);
    expect(rows.map((row) => Array.from(row.children).map((cell) => cell.textContent))).toEqual([
      ['Chrome 126 auf WindowsDiese Sitzung', '203.0.113.7', '02.03.2026, 09:00', '02.03.2026, 10:30', ''],
      ['Safari 17 auf iOS', '198.51.100.23', '01.03.2026, 08:00', '01.03.2026, 19:15', 'Abmelden'],
    ]);
    expect(
      screen.getByRole('button', { name: 'Sitzung Safari 17 auf iOS (198.51.100.23) abmelden' }),
    ).toBeInTheDocument();
  });

  it('ends one other session', async () => {
    revokeOneMock.mockResolvedValue({ ok: true, data: undefined });
    const events = renderTable();
    await events.click(screen.getByRole('button', { name: /^Sitzung Safari/ }));
    await waitFor(() => expect(revokeOneMock).toHaveBeenCalledWith(sessions[1]!.id));
    expect(await screen.findByText('Die Sitzung wurde beendet.')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalled();
  });

  it('"Überall sonst abmelden" asks first, then ends the others', async () => {
    revokeOthersMock.mockResolvedValue({ ok: true, data: undefined });
    const events = renderTable();
    await events.click(screen.getByRole('button', { name: 'Überall sonst abmelden' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Ihre andere Sitzung wird sofort beendet. Diese Sitzung bleibt bestehen.');
    expect(revokeOthersMock).not.toHaveBeenCalled();
    await events.click(within(dialog).getByRole('button', { name: 'Überall sonst abmelden' }));
    await waitFor(() => expect(revokeOthersMock).toHaveBeenCalledTimes(1));
    expect(await screen.findByText('Sie wurden überall sonst abgemeldet.')).toBeInTheDocument();
    expect(mockRefresh).toHaveBeenCalled();
  });

  it('offers no "Überall sonst abmelden" when this is the only session', () => {
    renderTable([sessions[0]!]);
    expect(screen.queryByRole('button', { name: 'Überall sonst abmelden' })).toBeNull();
  });
});
