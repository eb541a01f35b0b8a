import { screen, within } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { parseListParams, type SearchParamsRecord } from '@/lib/list-params';
import { DataTable, type DataTableColumn } from './data-table';
import { StatusBadgeView } from './status-badge-view';

// List links navigate with the app router; these tests only look at what is rendered.
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

interface Row {
  id: string;
  name: string;
  city: string;
  manager: string;
}

const config = { sortFields: ['name', 'city', 'createdAt'], defaultSort: 'name', filters: ['status'] } as const;
const columns: DataTableColumn<Row>[] = [
  { key: 'name', header: 'Name', sortField: 'name', isRowHeader: true, cell: (row) => row.name },
  { key: 'city', header: 'Ort', sortField: 'city', cell: (row) => row.city },
  { key: 'actions', header: 'Aktionen', isHeaderHidden: true, cell: (row) => <a href={`/accounts/${row.id}/`}>→</a> },
];
const rows: Row[] = [
  { id: '1', name: 'Alpha GmbH', city: 'Berlin', manager: 'Anna' },
  { id: '2', name: 'Beta AG', city: 'Köln', manager: 'Anna' },
  { id: '3', name: 'Gamma KG', city: 'Bonn', manager: 'Bernd' },
];

function renderTable(query: SearchParamsRecord, props: Partial<Parameters<typeof DataTable<Row>>[0]> = {}) {
  return renderWithIntl(
    <DataTable
      columns={columns}
      rows={rows}
      rowKey={(row) => row.id}
      total={rows.length}
      params={parseListParams(query, config)}
      pathname="/accounts/"
      caption="Konten"
      {...props}
    />,
  );
}

const header = (name: string) => screen.getByRole('columnheader', { name: new RegExp(`^${name}`) });
const sortLink = (name: string) => within(header(name)).getByRole('link');

/** The query of a link's href, as the next request would see it. */
function queryOf(href: string | null): SearchParamsRecord {
  return Object.fromEntries(new URL(href ?? '', 'http://localhost').searchParams);
}

// next.config.ts has `trailingSlash: true`; the build tells next/link so through this variable.
beforeAll(() => {
  process.env.__NEXT_TRAILING_SLASH = 'true';
});

describe('DataTable', () => {
  it('renders a captioned, responsive table with row headers', () => {
    const { container } = renderTable({});
    expect(screen.getByRole('table', { name: 'Konten' })).toHaveClass('table', 'table-hover', 'align-middle');
    expect(container.querySelector('.table-responsive > table')).not.toBeNull();
    expect(screen.getByRole('rowheader', { name: 'Alpha GmbH' })).toBeInTheDocument();
    expect(screen.getAllByRole('row')).toHaveLength(4);
    expect(screen.getByRole('columnheader', { name: 'Aktionen' }).querySelector('.visually-hidden')).not.toBeNull();
  });

  it('cycles a sort header ascending → descending → cleared with aria-sort and the seed labels', () => {
    const { unmount } = renderTable({});
    expect(header('Ort')).toHaveAttribute('aria-sort', 'none');
    expect(sortLink('Ort')).toHaveAccessibleName('Ort (Klicken, um aufsteigend zu sortieren)');
    expect(sortLink('Ort')).toHaveAttribute('title', 'Klicken, um aufsteigend zu sortieren');
    expect(sortLink('Ort')).toHaveAttribute('href', '/accounts/?sort=city&order=asc');
    // Not sortable: no aria-sort.
    expect(screen.getByRole('columnheader', { name: 'Aktionen' })).not.toHaveAttribute('aria-sort');

    let query = queryOf(sortLink('Ort').getAttribute('href'));
    unmount();
    const ascending = renderTable(query);
    expect(header('Ort')).toHaveAttribute('aria-sort', 'ascending');
    expect(sortLink('Ort')).toHaveAttribute('title', 'Klicken, um absteigend zu sortieren');
    expect(sortLink('Ort')).toHaveAccessibleName('Ort (Klicken, um absteigend zu sortieren)');
    expect(header('Name')).toHaveAttribute('aria-sort', 'none');

    query = queryOf(sortLink('Ort').getAttribute('href'));
    expect(query).toEqual({ sort: 'city', order: 'desc' });
    ascending.unmount();
    renderTable(query);
    expect(header('Ort')).toHaveAttribute('aria-sort', 'descending');
    expect(sortLink('Ort')).toHaveAttribute('title', 'Klicken, um die Sortierung aufzuheben');
    expect(sortLink('Ort')).toHaveAttribute('href', '/accounts/');
  });

  it('shows the default sort as ascending and keeps search and filters in sort links, from page 1', () => {
    renderTable({ q: 'bau', status: 'active', page: '3' });
    expect(header('Name')).toHaveAttribute('aria-sort', 'ascending');
    expect(sortLink('Name')).toHaveAttribute('title', 'Klicken, um absteigend zu sortieren');
    expect(sortLink('Name')).toHaveAttribute('href', '/accounts/?q=bau&status=active&sort=name&order=desc');
    expect(sortLink('Ort')).toHaveAttribute('href', '/accounts/?q=bau&status=active&sort=city&order=asc');
  });

  it('uses the English labels in English', () => {
    renderWithIntl(
      <DataTable
        columns={columns}
        rows={rows}
        rowKey={(row) => row.id}
        total={3}
        params={parseListParams({ sort: 'city', order: 'desc' }, config)}
        pathname="/accounts/"
        caption="Accounts"
      />,
      'en',
    );
    expect(sortLink('Ort')).toHaveAttribute('title', 'Click to clear sorting');
    expect(sortLink('Name')).toHaveAttribute('title', 'Click to sort ascending');
  });

  it('says there are no records, or none matching the search', () => {
    const { unmount } = renderTable({}, { rows: [], total: 0 });
    expect(screen.getByTestId('table-empty')).toHaveTextContent('Keine Einträge vorhanden');
    expect(screen.getByTestId('table-empty')).toHaveAttribute('colspan', '3');
    expect(screen.queryByTestId('pagination')).toBeNull();
    unmount();

    const filtered = renderTable({ status: 'active' }, { rows: [], total: 0 });
    expect(screen.getByTestId('table-empty')).toHaveTextContent('Keine Einträge entsprechen Ihrer Suche');
    filtered.unmount();

    renderTable({ q: 'x' }, { rows: [], total: 0, isFiltered: false });
    expect(screen.getByTestId('table-empty')).toHaveTextContent('Keine Einträge vorhanden');
  });

  it('starts a group header row wherever the group changes', () => {
    renderTable({}, { groupBy: { key: (row) => row.manager, label: (row) => `Manager: ${row.manager}` } });
    const groups = screen.getAllByTestId('table-group');
    expect(groups.map((group) => group.textContent)).toEqual(['Manager: Anna', 'Manager: Bernd']);
    expect(groups[0]).toHaveAttribute('scope', 'rowgroup');
    expect(groups[0]).toHaveAttribute('colspan', '3');
    const bodies = screen.getByRole('table').querySelectorAll('tbody');
    expect(bodies).toHaveLength(2);
    expect(within(bodies[0] as HTMLElement).getAllByRole('row')).toHaveLength(3);
    expect(within(bodies[1] as HTMLElement).getAllByRole('row')).toHaveLength(2);
  });

  it('renders the pagination below unless told not to', () => {
    const { unmount } = renderTable({}, { total: 45 });
    expect(screen.getByTestId('pagination-range')).toHaveTextContent('1–20 von 45');
    unmount();
    renderTable({}, { total: 45, showPagination: false });
    expect(screen.queryByTestId('pagination')).toBeNull();
  });

  it('renders rows given as plain values with the same markup as rows of elements', () => {
    const elementColumns: DataTableColumn<Row>[] = [
      {
        key: 'name',
        header: 'Name',
        isRowHeader: true,
        cell: (row) => <a href={`/accounts/${row.id}/`}>{row.name}</a>,
      },
      {
        key: 'state',
        header: 'Status',
        cell: () => <StatusBadgeView variant="success" status="active" text="Aktiv" />,
      },
      { key: 'city', header: 'Ort', className: 'd-none d-md-table-cell', cell: (row) => row.city },
    ];
    const valueColumns: DataTableColumn<Row>[] = [
      {
        key: 'name',
        header: 'Name',
        isRowHeader: true,
        value: (row) => ({ href: `/accounts/${row.id}/`, text: row.name }),
      },
      {
        key: 'state',
        header: 'Status',
        value: () => ({ variant: 'success', status: 'active', text: 'Aktiv' }),
      },
      { key: 'city', header: 'Ort', className: 'd-none d-md-table-cell', value: (row) => row.city },
    ];
    const bodyOf = (columnsOfTable: DataTableColumn<Row>[]) => {
      const { container, unmount } = renderTable({}, { columns: columnsOfTable });
      const html = container.querySelector('tbody')?.innerHTML;
      unmount();
      return html;
    };
    const html = bodyOf(valueColumns);
    expect(html).toContain('href="/accounts/2/"');
    expect(html).toBe(bodyOf(elementColumns));
  });

  it("renders muted text, text with a badge and a column's client component from values, as from elements (issue 50)", () => {
    function Pick({ id, label }: { id: string; label: string }) {
      return (
        <button type="button" data-id={id}>
          {label}
        </button>
      );
    }
    const elementColumns: DataTableColumn<Row>[] = [
      { key: 'name', header: 'Name', isRowHeader: true, cell: (row) => row.name },
      {
        key: 'city',
        header: 'Ort',
        cell: (row) =>
          row.city === 'Bonn' ? (
            <span className="text-body-secondary">{row.city}</span>
          ) : (
            <>
              {row.city}
              <span className="badge text-bg-danger ms-2" data-testid="overdue">
                überfällig
              </span>
            </>
          ),
      },
      {
        key: 'pick',
        header: 'Wählen',
        cell: (row) => (row.id === '2' ? null : <Pick id={row.id} label={row.manager} />),
      },
    ];
    const valueColumns: DataTableColumn<Row>[] = [
      { key: 'name', header: 'Name', isRowHeader: true, value: (row) => row.name },
      {
        key: 'city',
        header: 'Ort',
        value: (row) =>
          row.city === 'Bonn'
            ? { text: row.city, muted: true }
            : { text: row.city, note: { variant: 'danger', text: 'überfällig', testId: 'overdue' } },
      },
      {
        key: 'pick',
        header: 'Wählen',
        Cell: Pick,
        value: (row) => (row.id === '2' ? null : { client: { id: row.id, label: row.manager } }),
      },
    ];
    const bodyOf = (columnsOfTable: DataTableColumn<Row>[]) => {
      const { container, unmount } = renderTable({}, { columns: columnsOfTable });
      const html = container.querySelector('tbody')?.innerHTML;
      unmount();
      return html;
    };
    const html = bodyOf(valueColumns);
    expect(html).toContain('<button type="button" data-id="3">Bernd</button>');
    expect(html).toContain('<span class="text-body-secondary">Bonn</span>');
    expect(html).toContain('data-testid="overdue"');
    expect(html).toBe(bodyOf(elementColumns));
  });

  it('marks each column for the phone card below 576 px, with the same markup from values and elements (issue 49)', () => {
    const cardColumns = ['state', 'city'];
    const valueColumns: DataTableColumn<Row>[] = [
      {
        key: 'name',
        header: 'Name',
        sortField: 'name',
        isRowHeader: true,
        value: (row) => ({ href: `/accounts/${row.id}/`, text: row.name }),
      },
      { key: 'state', header: 'Status', value: () => ({ variant: 'success', status: 'active', text: 'Aktiv' }) },
      { key: 'city', header: 'Ort', sortField: 'city', className: 'd-none d-md-table-cell', value: (row) => row.city },
      { key: 'manager', header: 'Betreuer', value: (row) => row.manager },
    ];
    const elementColumns: DataTableColumn<Row>[] = [
      {
        key: 'name',
        header: 'Name',
        sortField: 'name',
        isRowHeader: true,
        cell: (row) => <a href={`/accounts/${row.id}/`}>{row.name}</a>,
      },
      {
        key: 'state',
        header: 'Status',
        cell: () => <StatusBadgeView variant="success" status="active" text="Aktiv" />,
      },
      { key: 'city', header: 'Ort', sortField: 'city', className: 'd-none d-md-table-cell', cell: (row) => row.city },
      { key: 'manager', header: 'Betreuer', cell: (row) => row.manager },
    ];
    const bodyOf = (columnsOfTable: DataTableColumn<Row>[]) => {
      const { container, unmount } = renderTable({}, { columns: columnsOfTable, cardColumns });
      const wrapper = container.querySelector('.table-responsive');
      const html = container.querySelector('tbody')?.innerHTML;
      unmount();
      return { wrapper, html };
    };
    const { wrapper, html } = bodyOf(valueColumns);
    expect(wrapper).toHaveClass('table-cards');
    const row = document.createElement('tbody');
    row.innerHTML = html ?? '';
    const cells = row.querySelector('tr')!.children;
    expect(cells[0]).toHaveClass('card-title');
    expect(cells[0]!.querySelector('a')).toHaveAttribute('href', '/accounts/1/');
    expect(cells[1]).toHaveClass('card-on');
    expect(cells[1]).toHaveAttribute('data-label', 'Status');
    expect(cells[2]).toHaveClass('d-none', 'd-md-table-cell', 'card-on');
    expect(cells[2]).toHaveAttribute('data-label', 'Ort');
    expect(cells[3]).toHaveClass('card-off');
    expect(cells[3]).not.toHaveAttribute('data-label');
    expect(html).toBe(bodyOf(elementColumns).html);
  });

  it('stays a plain table without card columns', () => {
    const { container } = renderTable({});
    expect(container.querySelector('.table-cards, .card-on, .card-off, [data-label]')).toBeNull();
  });
});
