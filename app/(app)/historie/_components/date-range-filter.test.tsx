import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { DateRangeFilter } from './date-range-filter';

const mockPush = jest.fn();
let mockSearch = '';
jest.mock('next/navigation', () => ({
  usePathname: () => '/historie/',
  useRouter: () => ({ push: mockPush, refresh: jest.fn(), replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  useSearchParams: () => new URLSearchParams(mockSearch),
}));

function pushedQuery(): URLSearchParams {
  expect(mockPush).toHaveBeenCalledTimes(1);
  const href = String(mockPush.mock.calls[0]![0]);
  expect(href.startsWith('/historie/')).toBe(true);
  return new URL(href, 'https://app.example').searchParams;
}

async function apply(from: string, to: string) {
  // Date inputs take their value as typed text is not portable across jsdom versions: set it directly.
  if (from) fireEvent.change(screen.getByLabelText('Von'), { target: { value: from } });
  if (to) fireEvent.change(screen.getByLabelText('Bis'), { target: { value: to } });
  await userEvent.setup().click(screen.getByRole('button', { name: 'Zeitraum anwenden' }));
}

describe('DateRangeFilter', () => {
  beforeEach(() => {
    mockPush.mockClear();
    mockSearch = '';
  });

  it('writes from and to into the URL, keeps the other filters and goes back to page 1 without a cursor', async () => {
    mockSearch = 'entityType=user&page=7&after=3f1c2b3a-1111-4222-8333-444455556666';
    renderWithIntl(<DateRangeFilter />);
    await apply('2026-11-01', '2026-11-24');
    const query = pushedQuery();
    expect(query.get('from')).toBe('2026-11-01');
    expect(query.get('to')).toBe('2026-11-24');
    expect(query.get('entityType')).toBe('user');
    expect(query.has('after')).toBe(false);
    expect(query.get('page') ?? '1').toBe('1');
  });

  it('swaps an end before the start instead of refusing it', async () => {
    renderWithIntl(<DateRangeFilter />);
    await apply('2026-11-24', '2026-11-01');
    const query = pushedQuery();
    expect([query.get('from'), query.get('to')]).toEqual(['2026-11-01', '2026-11-24']);
  });

  it('starts with the range of the URL and drops a cleared end', async () => {
    mockSearch = 'from=2026-10-01&to=2026-10-31';
    renderWithIntl(<DateRangeFilter />);
    expect(screen.getByLabelText('Von')).toHaveValue('2026-10-01');
    expect(screen.getByLabelText('Bis')).toHaveValue('2026-10-31');
    fireEvent.change(screen.getByLabelText('Bis'), { target: { value: '' } });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Zeitraum anwenden' }));
    const query = pushedQuery();
    expect(query.get('from')).toBe('2026-10-01');
    expect(query.has('to')).toBe(false);
  });
});
