import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { ColumnsMenu, SavedViewsMenu, type MenuView } from './list-views-menu';

const mockRefresh = jest.fn();
const mockReplace = jest.fn();
let mockSearch = '';
jest.mock('next/navigation', () => ({
  useRouter: () => ({ refresh: mockRefresh, replace: mockReplace }),
  usePathname: () => '/accounts/',
  useSearchParams: () => new URLSearchParams(mockSearch),
}));
const mockCreate = jest.fn();
const mockUpdate = jest.fn();
const mockDelete = jest.fn();
const mockSetColumns = jest.fn();
jest.mock('./list-view-actions', () => ({
  createViewAction: (...args: unknown[]) => mockCreate(...args),
  updateViewAction: (...args: unknown[]) => mockUpdate(...args),
  deleteViewAction: (...args: unknown[]) => mockDelete(...args),
  setColumnsAction: (...args: unknown[]) => mockSetColumns(...args),
}));

/** What a list page's `ClientMessages` name (components/ui/list/list-view.tsx). */
const LIST_PAGE_MESSAGES = ['listToolbar', 'listViews', 'bulk'] as const;

const views: MenuView[] = [
  { id: 'v1', name: 'Aktive', query: 'status=active&hide=', isDefault: true, version: 3 },
  { id: 'v2', name: 'Entwürfe', query: 'status=draft&hide=city', isDefault: false, version: 1 },
];

beforeEach(() => {
  jest.clearAllMocks();
  mockSearch = '';
});

describe('SavedViewsMenu', () => {
  // The panel's contents load when it first opens (issue 30), with their own texts: the page gives
  // only the list's namespaces without `listViews.panel` (issue 50).
  const open = async (currentQuery = 'hide=') => {
    renderWithIntl(
      <SavedViewsMenu list="accounts" path="/accounts/" views={views} currentQuery={currentQuery} />,
      'de',
      LIST_PAGE_MESSAGES,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Ansichten' }));
    await screen.findByLabelText('Name der Ansicht');
  };

  it('links each view by its URL state and marks the one shown now and the default', async () => {
    await open('hide=city&status=draft');
    const entwuerfe = screen.getByRole('link', { name: 'Entwürfe' });
    // Next's Link drops the trailing slash outside the app (the app's config keeps it).
    expect(entwuerfe.getAttribute('href')).toMatch(/^\/accounts\/?\?status=draft&hide=city$/);
    expect(entwuerfe).toHaveAttribute('aria-current', 'true');
    expect(screen.getByRole('link', { name: /Aktive/ })).not.toHaveAttribute('aria-current');
    expect(screen.getByRole('link', { name: /Aktive/ })).toHaveTextContent('Standard');
    expect(screen.getByRole('link', { name: 'Liste ohne Standardansicht öffnen' }).getAttribute('href')).toMatch(
      /^\/accounts\/?\?saved=none$/,
    );
  });

  it('saves the current state under a name, as default if chosen, then reloads the list', async () => {
    mockCreate.mockResolvedValue({ ok: true, data: {} });
    await open('status=active&sort=city&order=desc&hide=');
    fireEvent.change(screen.getByLabelText('Name der Ansicht'), { target: { value: 'Nach Ort' } });
    fireEvent.click(screen.getByLabelText('Beim Öffnen der Liste verwenden (Standard)'));
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(mockCreate).toHaveBeenCalledWith(
      { list: 'accounts', name: 'Nach Ort', query: 'status=active&sort=city&order=desc&hide=', isDefault: true },
      expect.stringMatching(/^[0-9a-f]{32}$/),
    );
    await waitFor(() => expect(mockRefresh).toHaveBeenCalled());
  });

  it('says so in its language when the name is taken, and does not reload', async () => {
    mockCreate.mockResolvedValue({ ok: false, error: { details: [{ code: 'savedViewNameTaken' }] } });
    await open();
    fireEvent.change(screen.getByLabelText('Name der Ansicht'), { target: { value: 'Aktive' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Eine Ansicht mit diesem Namen gibt es in dieser Liste schon.',
    );
    expect(mockRefresh).not.toHaveBeenCalled();
  });

  it('renames, changes the default and deletes with the version it shows', async () => {
    mockUpdate.mockResolvedValue({ ok: true, data: {} });
    mockDelete.mockResolvedValue({ ok: true, data: undefined });
    await open();
    const actions = screen.getByRole('group', { name: 'Aktionen für „Entwürfe“' });
    fireEvent.click(actions.querySelectorAll('button')[0]!);
    const input = screen.getByLabelText('Neuer Name für „Entwürfe“');
    fireEvent.change(input, { target: { value: 'Alle Entwürfe' } });
    await act(async () => fireEvent.submit(input.closest('form')!));
    expect(mockUpdate).toHaveBeenCalledWith('v2', 1, { name: 'Alle Entwürfe' });

    const defaults = screen.getByRole('group', { name: 'Aktionen für „Aktive“' });
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Kein Standard mehr' })[0]!));
    expect(mockUpdate).toHaveBeenLastCalledWith('v1', 3, { isDefault: false });
    expect(defaults).toBeInTheDocument();
    await act(async () => fireEvent.click(screen.getAllByRole('button', { name: 'Löschen' })[0]!));
    expect(mockDelete).toHaveBeenCalledWith('v1', 3);
    expect(mockRefresh).toHaveBeenCalledTimes(3);
  });

  it('closes on Escape with the focus back on its button', async () => {
    await open();
    const toggle = screen.getByRole('button', { name: 'Ansichten' });
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(screen.getByLabelText('Name der Ansicht'), { key: 'Escape' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveFocus();
    expect(screen.queryByLabelText('Name der Ansicht')).toBeNull();
  });

  it('keeps what it holds when closed and opened again', async () => {
    mockCreate.mockResolvedValue({ ok: false, error: { details: [{ code: 'savedViewNameTaken' }] } });
    await open();
    fireEvent.change(screen.getByLabelText('Name der Ansicht'), { target: { value: 'Aktive' } });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Speichern' })));
    expect(await screen.findByRole('alert')).toBeInTheDocument();
    const toggle = screen.getByRole('button', { name: 'Ansichten' });
    fireEvent.click(toggle);
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(toggle);
    expect(screen.getByRole('alert')).toHaveTextContent('Eine Ansicht mit diesem Namen gibt es in dieser Liste schon.');
  });

  it('brings its texts in the page locale (English)', async () => {
    renderWithIntl(
      <SavedViewsMenu list="accounts" path="/accounts/" views={views} currentQuery="hide=" />,
      'en',
      LIST_PAGE_MESSAGES,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Views' }));
    expect(await screen.findByLabelText('Name of the view')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Saved views' })).toBeInTheDocument();
  });
});

describe('ColumnsMenu', () => {
  const columns = [
    ['customerNumber', 'Kundennummer'],
    ['name', 'Name', true],
    ['city', 'Ort'],
  ] as const;
  const open = async (hidden: string[]) => {
    renderWithIntl(<ColumnsMenu list="accounts" columns={columns} hidden={hidden} />, 'de', LIST_PAGE_MESSAGES);
    fireEvent.click(screen.getByRole('button', { name: 'Spalten' }));
    await screen.findByRole('checkbox', { name: 'Ort' });
  };

  it('keeps the name column checked and fixed; hiding a column stores the choice and reloads', async () => {
    mockSetColumns.mockResolvedValue({ ok: true, data: {} });
    await open([]);
    expect(screen.getByRole('checkbox', { name: /Name/ })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Name/ })).toBeChecked();
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Ort' })));
    expect(mockSetColumns).toHaveBeenCalledWith('accounts', ['city']);
    expect(mockRefresh).toHaveBeenCalled();
  });

  it('shows a column again and drops the URL’s hide so the stored choice applies', async () => {
    mockSetColumns.mockResolvedValue({ ok: true, data: {} });
    mockSearch = 'status=active&hide=city.customerNumber';
    await open(['customerNumber', 'city']);
    expect(screen.getByRole('checkbox', { name: 'Ort' })).not.toBeChecked();
    await act(async () => fireEvent.click(screen.getByRole('checkbox', { name: 'Ort' })));
    expect(mockSetColumns).toHaveBeenCalledWith('accounts', ['customerNumber']);
    expect(mockReplace).toHaveBeenCalledWith('/accounts/?status=active', { scroll: false });
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Alle Spalten zeigen' })));
    expect(mockSetColumns).toHaveBeenLastCalledWith('accounts', []);
  });
});
