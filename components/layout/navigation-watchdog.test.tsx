import { act, fireEvent, render, screen } from '@testing-library/react';
import { loadPage } from '@/components/ui/browser-navigation';
import { NAVIGATION_FALLBACK_MS } from '@/components/ui/use-list-navigation';
import { NavigationWatchdog } from './navigation-watchdog';

jest.mock('@/components/ui/browser-navigation', () => ({ loadPage: jest.fn() }));
const loadPageMock = loadPage as jest.MockedFunction<typeof loadPage>;

function renderWithLinks() {
  render(
    <>
      <NavigationWatchdog />
      {/* A plain anchor stands for next/link, whose own click handler the test replaces. */}
      {/* eslint-disable-next-line @next/next/no-html-link-for-pages */}
      <a href="/accounts/abc/edit/" onClick={(event) => event.preventDefault()}>
        Bearbeiten
      </a>
      <a href="https://example.org/" onClick={(event) => event.preventDefault()}>
        extern
      </a>
      <a href="/api/ui/export/accounts.csv" download onClick={(event) => event.preventDefault()}>
        CSV
      </a>
    </>,
  );
}

describe('NavigationWatchdog', () => {
  beforeEach(() => {
    loadPageMock.mockReset();
    jest.useFakeTimers();
  });
  afterEach(() => jest.useRealTimers());

  it('loads the target itself when a client navigation never arrives', () => {
    renderWithLinks();
    fireEvent.click(screen.getByText('Bearbeiten'));
    act(() => jest.advanceTimersByTime(NAVIGATION_FALLBACK_MS));
    expect(loadPageMock).toHaveBeenCalledWith('/accounts/abc/edit/', 'push');
  });

  it('leaves external links, downloads and modified clicks alone', () => {
    renderWithLinks();
    fireEvent.click(screen.getByText('extern'));
    fireEvent.click(screen.getByText('CSV'));
    fireEvent.click(screen.getByText('Bearbeiten'), { ctrlKey: true });
    act(() => jest.advanceTimersByTime(NAVIGATION_FALLBACK_MS));
    expect(loadPageMock).not.toHaveBeenCalled();
  });
});
