import { act, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { NextIntlClientProvider } from 'next-intl';
import de from '@/lib/i18n/messages/de.json';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { ListToolbar, xlsxHrefOf, type ListToolbarFilter } from './list-toolbar';

const mockPush = jest.fn();
const mockReplace = jest.fn();
let mockSearchParams = new URLSearchParams();

jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, replace: mockReplace, refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
  usePathname: () => '/accounts/',
  useSearchParams: () => mockSearchParams,
}));

const filters: ListToolbarFilter[] = [
  {
    name: 'status',
    label: 'Status',
    options: [
      ['active', 'Aktiv'],
      ['draft', 'Entwurf'],
    ],
  },
  { type: 'checkbox', name: 'topLevel', label: 'Nur Hauptkonten' },
];

beforeAll(() => {
  process.env.__NEXT_TRAILING_SLASH = 'true';
});

beforeEach(() => {
  jest.useFakeTimers();
  mockPush.mockClear();
  mockReplace.mockClear();
  mockSearchParams = new URLSearchParams('sort=city&order=desc&page=3');
});

afterEach(() => {
  jest.useRealTimers();
});

function setup(props: Partial<Parameters<typeof ListToolbar>[0]> = {}) {
  const user = userEvent.setup({ advanceTimers: jest.advanceTimersByTime });
  const view = renderWithIntl(<ListToolbar filters={filters} {...props} />);
  return { user, ...view };
}

describe('ListToolbar', () => {
  it('ties labels to the search box and the filters', () => {
    setup();
    expect(screen.getByRole('search', { name: 'Suche und Filter' })).toBeInTheDocument();
    expect(screen.getByLabelText('Suche')).toHaveAttribute('type', 'search');
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Alle');
    expect(screen.getByLabelText('Nur Hauptkonten')).not.toBeChecked();
  });

  it('searches 400 ms after the last key, keeping sort and dropping the page', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Suche'), 'bau');
    act(() => jest.advanceTimersByTime(399));
    expect(mockPush).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(1));
    expect(mockPush).toHaveBeenCalledTimes(1);
    expect(mockPush).toHaveBeenCalledWith('/accounts/?sort=city&order=desc&q=bau', { scroll: false });
    expect(mockReplace).not.toHaveBeenCalled();
  });

  it('replaces the history entry while a search is refined', async () => {
    mockSearchParams = new URLSearchParams('q=bau');
    const { user } = setup();
    expect(screen.getByLabelText('Suche')).toHaveValue('bau');
    await user.type(screen.getByLabelText('Suche'), 'm');
    act(() => jest.advanceTimersByTime(400));
    expect(mockReplace).toHaveBeenCalledWith('/accounts/?q=baum', { scroll: false });
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('searches at once on Enter', async () => {
    const { user } = setup();
    await user.type(screen.getByLabelText('Suche'), 'Müller{Enter}');
    expect(mockPush).toHaveBeenCalledTimes(1);
    expect(mockPush).toHaveBeenCalledWith('/accounts/?sort=city&order=desc&q=M%C3%BCller', { scroll: false });
    act(() => jest.advanceTimersByTime(1000));
    expect(mockPush).toHaveBeenCalledTimes(1);
  });

  it('pushes a filter change with page 1, and clears it with "Alle"', async () => {
    const { user } = setup();
    await user.selectOptions(screen.getByLabelText('Status'), 'active');
    expect(mockPush).toHaveBeenLastCalledWith('/accounts/?sort=city&order=desc&status=active', { scroll: false });
    await user.click(screen.getByLabelText('Nur Hauptkonten'));
    expect(mockPush).toHaveBeenLastCalledWith('/accounts/?sort=city&order=desc&topLevel=true', { scroll: false });
  });

  it('shows the filter state from the URL and resets it, keeping the sort', async () => {
    mockSearchParams = new URLSearchParams('q=bau&status=draft&topLevel=true&sort=city&order=asc&page=2');
    const { user } = setup();
    expect(screen.getByLabelText('Status')).toHaveDisplayValue('Entwurf');
    expect(screen.getByLabelText('Nur Hauptkonten')).toBeChecked();
    expect(screen.getByRole('link', { name: 'Filter zurücksetzen' })).toHaveAttribute(
      'href',
      '/accounts/?sort=city&order=asc',
    );
    await user.selectOptions(screen.getByLabelText('Status'), '');
    expect(mockPush).toHaveBeenLastCalledWith('/accounts/?q=bau&topLevel=true&sort=city&order=asc', { scroll: false });
  });

  it('has no reset link without a search or filter, and renders the export links (CSV and XLSX)', () => {
    setup({ exportHref: '/api/ui/export/accounts.csv?status=active' });
    expect(screen.queryByRole('link', { name: 'Filter zurücksetzen' })).toBeNull();
    const exportLink = screen.getByRole('link', { name: 'Als CSV exportieren' });
    expect(exportLink).toHaveAttribute('href', '/api/ui/export/accounts.csv?status=active');
    expect(exportLink).toHaveAttribute('download');
    const xlsxLink = screen.getByRole('link', { name: 'Excel (.xlsx)' });
    expect(xlsxLink).toHaveAttribute('href', '/api/ui/export/accounts.xlsx?status=active');
    expect(xlsxLink).toHaveAttribute('download');
  });

  it('derives the XLSX export only from a CSV export URL', () => {
    expect(xlsxHrefOf('/api/ui/export/tasks.csv')).toBe('/api/ui/export/tasks.xlsx');
    expect(xlsxHrefOf('/api/ui/export/tasks.csv?q=a.csv')).toBe('/api/ui/export/tasks.xlsx?q=a.csv');
    expect(xlsxHrefOf('/api/v1/accounts/export?status=active')).toBeUndefined();
    expect(xlsxHrefOf(undefined)).toBeUndefined();
  });

  it('follows the URL when Back changes the search, without losing newer typing', async () => {
    mockSearchParams = new URLSearchParams('q=alt');
    const { user, rerender } = setup();
    const ui = () => (
      <NextIntlClientProvider locale="de" messages={de} timeZone="Europe/Berlin">
        <ListToolbar filters={filters} />
      </NextIntlClientProvider>
    );
    // Back: the URL's search changed from outside.
    mockSearchParams = new URLSearchParams('q=vorher');
    rerender(ui());
    expect(screen.getByLabelText('Suche')).toHaveValue('vorher');

    // Our own search arriving in the URL while the user already typed on.
    await user.clear(screen.getByLabelText('Suche'));
    await user.type(screen.getByLabelText('Suche'), 'bau');
    act(() => jest.advanceTimersByTime(400));
    await user.type(screen.getByLabelText('Suche'), 'm');
    mockSearchParams = new URLSearchParams('q=bau');
    rerender(ui());
    expect(screen.getByLabelText('Suche')).toHaveValue('baum');
  });
});
