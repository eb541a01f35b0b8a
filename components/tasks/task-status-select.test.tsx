import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import { OPEN_TASKS_QUERY_KEY } from '@/lib/api-client/tasks';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { TaskStatusSelect } from './task-status-select';

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

// The badge's query client is imported on demand; the spy stands in for its invalidation
// (components/layout/query-client.test.tsx covers what invalidateSharedQueries does).
const mockInvalidateShared = jest.fn(async (_queryKey: readonly unknown[]) => undefined);
jest.mock('@/components/layout/query-client', () => ({
  invalidateSharedQueries: (queryKey: readonly unknown[]) => mockInvalidateShared(queryKey),
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
  renderWithIntl(
    <ToastProvider>
      <TaskStatusSelect id={TASK_ID} title="Vertrag prüfen" status="open" version={3} />
    </ToastProvider>,
  );
  const select = screen.getByRole('combobox', { name: 'Status von „Vertrag prüfen“' });
  return { select, events: userEvent.setup() };
}

describe('TaskStatusSelect (quick status change)', () => {
  beforeEach(() => {
    mockRefresh.mockReset();
    mockInvalidateShared.mockClear();
  });

  it('shows the new status at once, PATCHes it with the row’s version and keeps it when the server agrees', async () => {
    const { fetchMock, release } = deferredFetch({ ok: true, status: 200, body: { status: 'done', version: 4 } });
    const { select, events } = renderSelect();

    await events.selectOptions(select, 'done');
    // Optimistic: shown before the server answered, the select busy meanwhile.
    expect(select).toHaveValue('done');
    expect(select).toBeDisabled();
    expect(select).toHaveAttribute('aria-busy', 'true');
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
    await waitFor(() => expect(mockInvalidateShared).toHaveBeenCalledWith(OPEN_TASKS_QUERY_KEY));
    expect(select).toBeEnabled();
    expect(select).not.toHaveAttribute('aria-busy');
  });

  it('takes no second change while the first is saved', async () => {
    const { fetchMock, release } = deferredFetch({ ok: true, status: 200, body: { status: 'done', version: 4 } });
    const { select, events } = renderSelect();

    await events.selectOptions(select, 'done');
    // A change event despite the disabled select (userEvent would not send one).
    fireEvent.change(select, { target: { value: 'in_progress' } });
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(select).toHaveValue('done');

    release();
    expect(await screen.findByText('Status von „Vertrag prüfen“: Erledigt.')).toBeInTheDocument();
    expect(select).toHaveValue('done');
    expect(fetchMock).toHaveBeenCalledTimes(1);
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
      await screen.findByText(
        'Der Status von „Vertrag prüfen“ wurde nicht geändert: Dafür fehlt Ihnen die Berechtigung.',
      ),
    ).toBeInTheDocument();
    await waitFor(() => expect(select).toHaveValue('open'));
    expect(select).toBeEnabled();
    expect(mockRefresh).not.toHaveBeenCalled();
    // Settled is settled: the badge asks again after a refusal too.
    await waitFor(() => expect(mockInvalidateShared).toHaveBeenCalledWith(OPEN_TASKS_QUERY_KEY));
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
    expect(mockRefresh).not.toHaveBeenCalled();

    const second = deferredFetch({ ok: true, status: 200, body: { status: 'done', version: 8 } });
    await events.selectOptions(select, 'done');
    expect(second.fetchMock).toHaveBeenCalledWith(
      expect.any(String),
      expect.objectContaining({ headers: expect.objectContaining({ 'if-match': 'W/"7"' }) }),
    );
    second.release();
    await waitFor(() => expect(mockRefresh).toHaveBeenCalled());
    expect(select).toHaveValue('done');
    expect(mockInvalidateShared).toHaveBeenCalledTimes(2);
  });
});
