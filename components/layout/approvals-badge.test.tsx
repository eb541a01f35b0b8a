import { act, screen, waitFor } from '@testing-library/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { ApprovalsBadge, WAITING_APPROVALS_QUERY_KEY } from './approvals-badge';

function answer(total: number | 'error') {
  return total === 'error'
    ? { ok: false, status: 503, json: async () => ({}) }
    : { ok: true, status: 200, json: async () => ({ items: [], total }) };
}

function renderBadge(totals: Array<number | 'error'>, locale: 'de' | 'en' = 'de') {
  const fetchMock = jest.fn(async () => answer(totals.length > 1 ? totals.shift()! : totals[0]!));
  global.fetch = fetchMock as unknown as typeof fetch;
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  renderWithIntl(
    <QueryClientProvider client={client}>
      <ApprovalsBadge />
    </QueryClientProvider>,
    locale,
  );
  return { client, fetchMock };
}

describe('ApprovalsBadge', () => {
  it('shows the waiting count from the same-origin route, with a text for screen readers', async () => {
    const { fetchMock } = renderBadge([1234]);
    const badge = await screen.findByTestId('approvals-badge');
    expect(badge).toHaveTextContent('1.234');
    expect(badge).toHaveTextContent('1.234 Freigaben warten auf Entscheidung');
    expect(String((fetchMock.mock.calls[0] as unknown[])[0])).toMatch(/^\/api\/ui\/approvals\?/);
  });

  it("formats its count without Intl.NumberFormat (the page's first one costs ~100 ms on a slow phone)", async () => {
    const original = Intl.NumberFormat;
    const constructed: unknown[] = [];
    // Counts constructions and still builds the real formatter (a jest spy cannot be `new`ed).
    Intl.NumberFormat = new Proxy(original, {
      construct: (target, args: ConstructorParameters<typeof Intl.NumberFormat>) => {
        constructed.push(args);
        return new target(...args);
      },
    });
    try {
      renderBadge([2], 'en');
      expect(await screen.findByTestId('approvals-badge')).toHaveTextContent('2 approvals wait for a decision');
      expect(constructed).toEqual([]);
    } finally {
      Intl.NumberFormat = original;
    }
  });

  it('shows nothing when nothing waits or the count is unknown', async () => {
    const { fetchMock } = renderBadge([0]);
    await waitFor(() => expect(fetchMock).toHaveBeenCalled());
    expect(screen.queryByTestId('approvals-badge')).not.toBeInTheDocument();
    renderBadge(['error']);
    await waitFor(() => expect(global.fetch).toHaveBeenCalled());
    expect(screen.queryByTestId('approvals-badge')).not.toBeInTheDocument();
  });

  it('goes down without a reload when a decision invalidates the count', async () => {
    const { client } = renderBadge([2, 1]);
    expect(await screen.findByTestId('approvals-badge')).toHaveAttribute('data-count', '2');
    await act(() => client.invalidateQueries({ queryKey: WAITING_APPROVALS_QUERY_KEY }));
    await waitFor(() => expect(screen.getByTestId('approvals-badge')).toHaveAttribute('data-count', '1'));
  });

  it('speaks English in the English UI', async () => {
    renderBadge([1], 'en');
    expect(await screen.findByTestId('approvals-badge')).toHaveTextContent('1 approval waits for a decision');
  });
});
