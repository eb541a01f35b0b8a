import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ToastProvider } from '@/components/ui/toast-provider';
import { OPEN_TASKS_QUERY_KEY } from '@/lib/api-client/tasks';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { TaskStatusSelect } from './task-status-select';

const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: mockRefresh, replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

const TASK_ID = '3f1c2b3a-1111-4222-8333-444455556666';

/** A fetch that answers once `release()` is called, so the test can look at the select in between. */
function deferredFetch(answer: { ok: boolean; status: number; body: unknown }) {
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  const fetchMock = jest.fn(async () => {
    await gate;
    // jsdom has no Response: the select only reads ok, status and json().
    return { ok: answer.ok, status: answer.status, json: async () => answer.body };
  });
  global.fetch = fetchMock as unknown as typeof fetch;
  return { fetchMock, release: () => release() };
}

function renderSelect() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false }, mutations: { retry: false } } });
  const invalidate = jest.spyOn(client, 'invalidateQueries');
  renderWithIntl(
    <QueryClientProvider client={client}>
      <ToastProvider>
        <TaskStatusSelect id={TASK_ID} title="Vertrag prüfen" status="open" version={3} />
      </ToastProvider>
    </QueryClientProvider>,
  );
  const select = screen.getByRole('combobox', { name: 'Status von „Vertrag prüfen“' });
  return { select, invalidate, events: userEvent.setup() };
}

describe('TaskStatusSelect (quick status change)', () => {
  beforeEach(() => mockRefresh.mockReset());

  it('shows the new status at once, PATCHes it with the row’s version and keeps it when the server agrees', async () => {
    const { fetchMock, release } = deferredFetch({ ok: true, status: 200, body: { status: 'done', version: 4 } });
    const { select, invalidate, events } = renderSelect();

    await events.selectOptions(select, 'done');
    // Optimistic: shown before the server answered.
    expect(select).toHaveValue('done');
    expect(fetchMock).toHaveBeenCalledWith(
      `/api/ui/tasks/${TASK_ID}/`,
      expect.objectContaining({
        method: 'PATCH',
        body: JSON.stringify({ status: 'done' }),
        headers: expect.objectContaining({ 'if-match': 'W/"3"' }),
      }),
    );

    release();
    expect(await screen.findByText('Status von „Vertrag prüfen“: Erledigt.')).toBeInTheDocument();
    expect(select).toHaveValue('done');
    expect(mockRefresh).toHaveBeenCalled();
    expect(invalidate).toHaveBeenCalledWith({ queryKey: OPEN_TASKS_QUERY_KEY });
  });

  it('rolls back and says why in a toast when the server refuses', async () => {
    const { release } = deferredFetch({
      ok: false,
      status: 403,
      body: { statusCode: 403, code: 'forbidden', message: 'Keine Berechtigung.' },
    });
    const { select, events } = renderSelect();

    await events.selectOptions(select, 'in_progress');
    expect(select).toHaveValue('in_progress');
    release();

    expect(
      await screen.findByText('Der Status von „Vertrag prüfen“ wurde nicht geändert: Dafür fehlt Ihnen die Berechtigung.'),
    ).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('open'));
    expect(mockRefresh).not.toHaveBeenCalled();
  });

  it('on a conflict shows the current status and builds the next change on the current version', async () => {
    const first = deferredFetch({
      ok: false,
      status: 409,
      body: { statusCode: 409, code: 'conflict', message: 'Geändert.', current: { status: 'in_progress', version: 7 } },
    });
    const { select, events } = renderSelect();
    await events.selectOptions(select, 'done');
    first.release();
    expect(await screen.findByText(/wurde inzwischen geändert/)).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('in_progress'));

    const second = deferredFetch({ ok: true, status: 200, body: { status: 'done', version: 8 } });
    await events.selectOptions(select, 'done');
    expect(second.fetchMock).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ headers: expect.objectContaining({ 'if-match': 'W/"7"' }) }),
    );
    second.release();
    await waitFor(() => expect(mockRefresh).toHaveBeenCalled());
  });
});
