import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { clampToastDelay, ToastProvider, useToast } from './toast-provider';

function Trigger({ delayMs, variant }: { delayMs?: number; variant?: 'danger' }) {
  const show = useToast();
  return (
    <button type="button" onClick={() => show({ message: 'Gespeichert', title: 'OK', delayMs, variant })}>
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

  it('closes on its close button; a failure is an alert in white on red', () => {
    renderWithIntl(
      <ToastProvider>
        <Trigger variant="danger" />
      </ToastProvider>,
    );
    fireEvent.click(screen.getByText('go'));
    const toast = screen.getByRole('alert');
    expect(toast).toHaveTextContent('Gespeichert');
    expect(toast).toHaveClass('toast', 'bg-danger');
    fireEvent.click(screen.getByRole('button', { name: 'Schließen' }));
    expect(screen.queryByText('Gespeichert')).toBeNull();
  });
});
