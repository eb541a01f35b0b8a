import { act, screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { OfflineBanner } from './offline-banner';

function setOnline(online: boolean) {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
  window.dispatchEvent(new Event(online ? 'online' : 'offline'));
}

describe('OfflineBanner', () => {
  afterEach(() => setOnline(true));

  it('shows while the browser is offline and hides when it is back', () => {
    renderWithIntl(<OfflineBanner />);
    expect(screen.queryByTestId('offline-banner')).toBeNull();
    act(() => setOnline(false));
    expect(screen.getByTestId('offline-banner')).toHaveTextContent('Sie sind offline.');
    act(() => setOnline(true));
    expect(screen.queryByTestId('offline-banner')).toBeNull();
  });
});
