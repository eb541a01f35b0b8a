import { screen, within } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { parseListParams } from '@/lib/list-params';
import { Pagination } from './pagination';

// List links navigate with the app router; these tests only look at what is rendered.
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

const config = { sortFields: ['name', 'city'], defaultSort: 'name', filters: ['status'] } as const;

function renderPagination(
  query: Record<string, string>,
  total: number,
  locale: 'de' | 'en' = 'de',
  totalIsLowerBound?: boolean,
) {
  return renderWithIntl(
    <Pagination
      total={total}
      totalIsLowerBound={totalIsLowerBound}
      pathname="/accounts/"
      params={parseListParams(query, config)}
    />,
    locale,
  );
}

function pageLinks() {
  const nav = screen.getByRole('navigation', { name: 'Seitennavigation' });
  return within(nav)
    .getAllByRole('link')
    .filter((link) => /^\d+$/.test(link.textContent ?? ''));
}

// next.config.ts has `trailingSlash: true`; the build tells next/link so through this variable.
beforeAll(() => {
  process.env.__NEXT_TRAILING_SLASH = 'true';
});

describe('Pagination', () => {
  it('on page 1: pages 1–5, first/previous disabled, the range in German format', () => {
    renderPagination({}, 1234);
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('1–20 von 1.234');
    const links = pageLinks();
    expect(links.map((link) => link.textContent)).toEqual(['1', '2', '3', '4', '5']);
    expect(links[0]).toHaveAttribute('aria-current', 'page');
    expect(links[0]).toHaveAccessibleName('Seite 1');
    expect(links[0]).toHaveAttribute('href', '/accounts/');
    expect(links[1]).toHaveAttribute('href', '/accounts/?page=2');
    expect(screen.queryByRole('link', { name: 'Erste Seite' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Vorherige Seite' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Nächste Seite' })).toHaveAttribute('href', '/accounts/?page=2');
    expect(screen.getByRole('link', { name: 'Letzte Seite' })).toHaveAttribute('href', '/accounts/?page=62');
  });

  it('in the middle: two pages either side, keeping sort and filters in the links', () => {
    renderPagination({ page: '30', status: 'active', sort: 'city', order: 'desc' }, 1234);
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('581–600 von 1.234');
    const links = pageLinks();
    expect(links.map((link) => link.textContent)).toEqual(['28', '29', '30', '31', '32']);
    expect(links[2]).toHaveAttribute('aria-current', 'page');
    expect(links.filter((link) => link.hasAttribute('aria-current'))).toHaveLength(1);
    expect(links[0]).toHaveAttribute('href', '/accounts/?status=active&sort=city&order=desc&page=28');
    expect(screen.getByRole('link', { name: 'Erste Seite' })).toHaveAttribute(
      'href',
      '/accounts/?status=active&sort=city&order=desc',
    );
    expect(screen.getByRole('link', { name: 'Vorherige Seite' })).toHaveAttribute(
      'href',
      '/accounts/?status=active&sort=city&order=desc&page=29',
    );
  });

  it('on the last page: the last 5 pages, next/last disabled', () => {
    renderPagination({ page: '62' }, 1234);
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('1.221–1.234 von 1.234');
    expect(pageLinks().map((link) => link.textContent)).toEqual(['58', '59', '60', '61', '62']);
    expect(pageLinks()[4]).toHaveAttribute('aria-current', 'page');
    expect(screen.queryByRole('link', { name: 'Nächste Seite' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Letzte Seite' })).toBeNull();
    expect(screen.getByText('Letzte Seite').closest('.page-item')).toHaveClass('disabled');
  });

  it('shows only the range for a single page, and nothing without rows', () => {
    const { unmount } = renderPagination({}, 7);
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('1–7 von 7');
    expect(screen.queryByRole('navigation')).toBeNull();
    unmount();
    renderPagination({}, 0);
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('a count that stopped early says "mehr als", and the last page is the deepest it counted', () => {
    const { unmount } = renderPagination({ page: '3' }, 1001, 'de', true);
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('41–60 von mehr als 1.000');
    expect(screen.getByRole('link', { name: 'Letzte Seite' })).toHaveAttribute('href', '/accounts/?page=51');
    unmount();
    renderPagination({}, 1001, 'en', true);
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('1–20 of more than 1,000');
  });

  it('uses English texts and number format in English', () => {
    renderPagination({ page: '2' }, 1234, 'en');
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('21–40 of 1,234');
    expect(screen.getByRole('navigation', { name: 'Pagination' })).toBeInTheDocument();
  });
});
