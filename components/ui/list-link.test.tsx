import { act, fireEvent, render, screen } from '@testing-library/react';
import { ListLink } from './list-link';
import { loadPage } from './browser-navigation';
import { NAVIGATION_FALLBACK_MS } from './use-list-navigation';

// next/link writes hrefs the way the app's `trailingSlash: true` does.
process.env.__NEXT_TRAILING_SLASH = 'true';
jest.mock('./browser-navigation', () => ({ loadPage: jest.fn() }));
const loadPageMock = loadPage as jest.MockedFunction<typeof loadPage>;

const mockPush = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: mockPush, replace: jest.fn(), refresh: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

describe('ListLink', () => {
  beforeEach(() => mockPush.mockReset());

  it('navigates with the app router on a plain click and keeps a real href', () => {
    render(<ListLink href="/accounts/?page=2">2</ListLink>);
    const link = screen.getByRole('link', { name: '2' });
    expect(link).toHaveAttribute('href', '/accounts/?page=2');
    fireEvent.click(link);
    expect(mockPush).toHaveBeenCalledWith('/accounts/?page=2', { scroll: false });
  });

  it('leaves modified clicks (new tab) to the browser', () => {
    render(<ListLink href="/accounts/?page=2">2</ListLink>);
    fireEvent.click(screen.getByRole('link', { name: '2' }), { ctrlKey: true });
    expect(mockPush).not.toHaveBeenCalled();
  });

  it('loads the page the plain way when the client navigation never arrives', () => {
    jest.useFakeTimers();
    try {
      render(<ListLink href="/accounts/?page=2">2</ListLink>);
      fireEvent.click(screen.getByRole('link', { name: '2' }));
      act(() => jest.advanceTimersByTime(NAVIGATION_FALLBACK_MS - 1));
      expect(loadPageMock).not.toHaveBeenCalled();
      act(() => jest.advanceTimersByTime(1));
      expect(loadPageMock).toHaveBeenCalledWith('/accounts/?page=2', 'push');
    } finally {
      jest.useRealTimers();
    }
  });
});
