import { act, screen } from '@testing-library/react';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { FormErrorSummary } from './form-error-summary';

// Counts the loads of the summary's panel (it is not part of a form's first load, issue 30).
const mockPanelLoaded = jest.fn();
jest.mock('./form-error-summary-panel', () => {
  mockPanelLoaded();
  return jest.requireActual('./form-error-summary-panel');
});

const errors = { name: { type: 'too_small', message: 'Zu kurz.' } };

describe('FormErrorSummary before and after the first submit', () => {
  it('renders and loads nothing before a submit, then the panel, which takes the focus', async () => {
    const { rerender } = renderWithIntl(<FormErrorSummary errors={errors} submitCount={0} labels={{ name: 'Name' }} />);
    expect(screen.queryByRole('alert')).toBeNull();
    expect(mockPanelLoaded).not.toHaveBeenCalled();

    rerender(<FormErrorSummary errors={errors} submitCount={1} labels={{ name: 'Name' }} />);
    await act(() => import('./form-error-summary-panel'));
    const summary = await screen.findByRole('alert');
    expect(summary).toHaveTextContent('Name: Zu kurz.');
    expect(summary).toHaveFocus();
    expect(mockPanelLoaded).toHaveBeenCalledTimes(1);
  });
});
