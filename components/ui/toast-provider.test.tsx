import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { clampToastDelay, ToastProvider, useToast } from './toast-provider';

function Trigger({ delayMs }: { delayMs?: number }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => show({ message: 'Gespeichert', title: 'OK', delayMs })}>
      go
    </button>
  );
}

describe('toasts', () => {
  it('never hides sooner than 1 s and defaults to 5 s', () => {
    expect(clampToastDelay(undefined)).toBe(5000);
    expect(clampToastDelay(200)).toBe(1000);
    expect(clampToastDelay(8000)).toBe(8000);
  });

  it('shows a toast and hides it after 5 s', () => {
    jest.useFakeTimers();
    try {
      renderWithIntl(
        <ToastProvider>
          <Trigger />
        </ToastProvider>,
      );
      fireEvent.click(screen.getByText('go'));
      expect(screen.getByText('Gespeichert')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(4900));
      expect(screen.getByText('Gespeichert')).toBeInTheDocument();
      act(() => jest.advanceTimersByTime(1000));
      expect(screen.queryByText('Gespeichert')).toBeNull();
    } finally {
      jest.useRealTimers();
    }
  });
});
