import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { NewVersionSection } from './new-version-section';

// Counts the loads of the upload form's chunk: reading a document must not load it (issue 30).
const mockFormLoaded = jest.fn();
jest.mock('./new-version-form', () => {
  mockFormLoaded();
  return jest.requireActual('./new-version-form');
});
jest.mock('next/navigation', () => ({
  useRouter: () => ({ push: jest.fn(), refresh: jest.fn(), replace: jest.fn(), back: jest.fn(), prefetch: jest.fn() }),
}));

function renderSection() {
  return renderWithIntl(
    <ToastProvider>
      <NewVersionSection documentId="7a1c2b3a-1111-4222-8333-444455556666" version={3} maxBytes={10 * 1024 * 1024} />
    </ToastProvider>,
  );
}

describe('NewVersionSection', () => {
  beforeEach(() => mockFormLoaded.mockClear());

  it('shows a button, not the form, and loads the form when the button is first pointed at', async () => {
    const user = userEvent.setup();
    renderSection();
    expect(screen.queryByTestId('new-version-form')).toBeNull();
    expect(mockFormLoaded).not.toHaveBeenCalled();
    await user.hover(screen.getByRole('button', { name: 'Neue Version hinzufügen' }));
    expect(mockFormLoaded).toHaveBeenCalledTimes(1);
  });

  it('opens the form in place with its file button focused; "Abbrechen" closes it and gives the focus back', async () => {
    const user = userEvent.setup();
    renderSection();
    await user.click(screen.getByRole('button', { name: 'Neue Version hinzufügen' }));
    expect(await screen.findByTestId('new-version-form')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Datei auswählen' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByTestId('new-version-form')).toBeNull();
    expect(screen.getByRole('button', { name: 'Neue Version hinzufügen' })).toHaveFocus();
  });
});
