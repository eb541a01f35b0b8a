import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { Approval } from '@/lib/schemas/approval';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { DecisionDialog, type DecisionDialogProps } from './decision-dialog';

const APPROVAL: Approval = {
  id: '3f1c2b3a-1111-4222-8333-444455556666',
  kind: 'account_activation',
  status: 'pending',
  entityType: 'account',
  entityId: '4f1c2b3a-1111-4222-8333-444455556666',
  entityLabel: 'Holzmann GmbH',
  accountId: '4f1c2b3a-1111-4222-8333-444455556666',
  reason: 'Vertrag liegt vor.',
  requestedBy: { id: '5f1c2b3a-1111-4222-8333-444455556666', name: 'Daniel Vogt' },
  requestedAt: '2026-11-20T10:00:00.000Z',
  decidedBy: null,
  decidedAt: null,
  comment: '',
  payload: { status: 'active' },
  baseVersion: 3,
  isCurrent: true,
  diff: [{ field: 'status', before: 'draft', after: 'active' }],
  version: 1,
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

function renderDialog(props: Partial<DecisionDialogProps> = {}, approval: Approval = APPROVAL) {
  // jsdom has no Response: the dialog only reads ok and json().
  global.fetch = jest.fn(async () => ({
    ok: true,
    status: 200,
    json: async () => approval,
  })) as unknown as typeof fetch;
  const onDecide = jest.fn<ReturnType<DecisionDialogProps['onDecide']>, Parameters<DecisionDialogProps['onDecide']>>(
    async () => ({ ok: true, data: { ...approval, status: 'approved' } }),
  );
  const onDecided = jest.fn();
  const onHide = jest.fn();
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithIntl(
    <QueryClientProvider client={client}>
      <DecisionDialog
        approval={approval}
        mode="decide"
        show
        onHide={onHide}
        onDecide={onDecide}
        onDecided={onDecided}
        {...props}
      />
    </QueryClientProvider>,
  );
  return { events: userEvent.setup(), onDecide, onDecided, onHide };
}

describe('DecisionDialog', () => {
  it('shows Feld / Vorher / Nachher from the API and approves with the comment', async () => {
    const { events, onDecide, onDecided, onHide } = renderDialog();
    expect(await screen.findByRole('columnheader', { name: 'Vorher' })).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: 'Nachher' })).toBeInTheDocument();
    expect(screen.getByRole('rowheader', { name: 'Status' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Entwurf' })).toBeInTheDocument();
    expect(screen.getByRole('cell', { name: 'Aktiv' })).toBeInTheDocument();
    expect(global.fetch).toHaveBeenCalledWith(`/api/ui/approvals/${APPROVAL.id}`, expect.anything());

    await events.type(screen.getByLabelText('Kommentar'), '  Unterlagen vollständig. ');
    await events.click(screen.getByRole('button', { name: 'Freigeben' }));
    await waitFor(() => expect(onDecided).toHaveBeenCalled());
    expect(onDecide).toHaveBeenCalledWith('approve', 'Unterlagen vollständig.');
    expect(onHide).toHaveBeenCalled();
  });

  it('asks for a reason before a rejection, without calling the API', async () => {
    const { events, onDecide } = renderDialog();
    await screen.findByRole('columnheader', { name: 'Vorher' });
    await events.click(screen.getByRole('button', { name: 'Ablehnen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Bitte begründen Sie die Ablehnung.');
    expect(onDecide).not.toHaveBeenCalled();
    await events.type(screen.getByLabelText('Kommentar'), 'Liste fehlt.');
    await events.click(screen.getByRole('button', { name: 'Ablehnen' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('reject', 'Liste fehlt.'));
  });

  it('keeps the dialog open and shows the refusal (four eyes)', async () => {
    const { events, onDecide, onHide } = renderDialog();
    onDecide.mockResolvedValueOnce({
      ok: false,
      error: { statusCode: 403, code: 'four_eyes', message: 'Eine eigene Anfrage muss jemand anderes freigeben.' },
    });
    await screen.findByRole('columnheader', { name: 'Vorher' });
    await events.click(screen.getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Eine eigene Anfrage kann nicht selbst entschieden werden (Vier-Augen-Prinzip).',
    );
    expect(onHide).not.toHaveBeenCalled();
  });

  it('warns when the record changed since the request', async () => {
    renderDialog({}, { ...APPROVAL, isCurrent: false });
    expect(await screen.findByText(/seit der Anfrage geändert/)).toBeInTheDocument();
  });

  it('withdraws without the diff, and speaks English in English', async () => {
    const events = userEvent.setup();
    const onDecide = jest.fn(async () => ({ ok: true as const, data: { ...APPROVAL, status: 'withdrawn' as const } }));
    global.fetch = jest.fn() as typeof fetch;
    renderWithIntl(
      <QueryClientProvider client={new QueryClient()}>
        <DecisionDialog
          approval={APPROVAL}
          mode="withdraw"
          show
          onHide={jest.fn()}
          onDecide={onDecide}
          onDecided={jest.fn()}
        />
      </QueryClientProvider>,
      'en',
    );
    expect(screen.getByRole('dialog', { name: 'Withdraw request: Holzmann GmbH' })).toBeInTheDocument();
    await events.click(screen.getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(onDecide).toHaveBeenCalledWith('withdraw', ''));
    expect(global.fetch).not.toHaveBeenCalled();
  });
});
