import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { isSearchShortcut } from './global-search';
import { GlobalSearchDialog, SEARCH_DEBOUNCE_MS } from './global-search-dialog';

const mockPush = jest.fn();
jest.mock('next/navigation', () => ({ useRouter: () => ({ push: mockPush }) }));

// jsdom has no modal dialogs.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
  Element.prototype.scrollIntoView = jest.fn();
});

type Pending = { url: string; resolve: (body: unknown) => void; signal: AbortSignal };
let requests: Pending[] = [];

beforeEach(() => {
  jest.useFakeTimers();
  requests = [];
  mockPush.mockReset();
  global.fetch = jest.fn(
    (url: string, init: RequestInit) =>
      new Promise((resolve) => {
        requests.push({
          url,
          signal: init.signal!,
          resolve: (body) => resolve({ ok: true, json: () => Promise.resolve(body) } as Response),
        });
      }),
  ) as unknown as typeof fetch;
});
afterEach(() => jest.useRealTimers());

const hit = (label: string) => ({ id: crypto.randomUUID(), label, detail: null, href: `/accounts/${label}/` });
const answer = (q: string, labels: string[]) => ({
  q,
  accounts: labels.map(hit),
  users: [],
  documents: [],
  tasks: [],
  whitelist: [],
});

async function type(value: string) {
  fireEvent.change(screen.getByRole('combobox'), { target: { value } });
  await act(async () => {
    jest.advanceTimersByTime(SEARCH_DEBOUNCE_MS);
  });
}

describe('GlobalSearchDialog', () => {
  it('debounces typing: one request for the last value', async () => {
    renderWithIntl(<GlobalSearchDialog onClose={jest.fn()} />);
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'mu' } });
    fireEvent.change(screen.getByRole('combobox'), { target: { value: 'mue' } });
    await type('muel');
    expect(requests.map((request) => request.url)).toEqual(['/api/ui/search/?q=muel']);
  });

  it('a stale answer never overwrites a newer one', async () => {
    renderWithIntl(<GlobalSearchDialog onClose={jest.fn()} />);
    await type('mu');
    await type('mueller');
    expect(requests).toHaveLength(2);
    expect(requests[0]!.signal.aborted).toBe(true);
    await act(async () => requests[1]!.resolve(answer('mueller', ['Müller Logistik GmbH'])));
    await act(async () => requests[0]!.resolve(answer('mu', ['Alt', 'Mutig'])));
    expect(screen.getAllByRole('option').map((option) => option.textContent)).toEqual(['Müller Logistik GmbH']);
    expect(screen.getByRole('status')).toHaveTextContent('1 Treffer für „mueller“.');
  });

  it('arrow keys move the active option, Enter opens it, Escape closes', async () => {
    const onClose = jest.fn();
    renderWithIntl(<GlobalSearchDialog onClose={onClose} />);
    await type('bau');
    await act(async () => requests[0]!.resolve(answer('bau', ['Bau A', 'Bau B'])));
    const combobox = screen.getByRole('combobox');
    expect(combobox).toHaveAttribute('aria-expanded', 'true');
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    const second = screen.getAllByRole('option')[1]!;
    expect(second).toHaveAttribute('aria-selected', 'true');
    expect(combobox).toHaveAttribute('aria-activedescendant', second.id);
    fireEvent.keyDown(combobox, { key: 'ArrowDown' });
    expect(screen.getAllByRole('option')[0]).toHaveAttribute('aria-selected', 'true');
    fireEvent.keyDown(combobox, { key: 'ArrowUp' });
    fireEvent.keyDown(combobox, { key: 'Enter' });
    expect(mockPush).toHaveBeenCalledWith('/accounts/Bau B/');
    expect(onClose).toHaveBeenCalledWith(true);
    fireEvent.keyDown(combobox, { key: 'Escape' });
    expect(onClose).toHaveBeenLastCalledWith(false);
  });

  it('asks for two characters before it searches', async () => {
    renderWithIntl(<GlobalSearchDialog onClose={jest.fn()} />);
    await type(' a ');
    expect(requests).toHaveLength(0);
    expect(screen.getByRole('status')).toHaveTextContent('Bitte mindestens 2 Zeichen eingeben.');
  });
});

describe('isSearchShortcut', () => {
  const key = (init: Partial<KeyboardEvent>) => ({
    key: 'k',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...init,
  });
  it('is Ctrl+K or Cmd+K, nothing else', () => {
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
  });
});
