import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { ToastProvider } from '@/components/ui/toast-provider';
import type { Document } from '@/lib/schemas/document';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { updateDocumentAction } from './document-actions';
import { DocumentMetadata } from './document-metadata';

// Counts the loads of the form's chunk: reading a document must not load it (issue 30).
const mockFormLoaded = jest.fn();
jest.mock('./document-metadata-form', () => {
  mockFormLoaded();
  return jest.requireActual('./document-metadata-form');
});
jest.mock('./document-actions', () => ({ updateDocumentAction: jest.fn() }));
const updateMock = updateDocumentAction as jest.MockedFunction<typeof updateDocumentAction>;

const mockRefresh = jest.fn();
jest.mock('next/navigation', () => ({
  useRouter: () => ({
    push: jest.fn(),
    refresh: mockRefresh,
    replace: jest.fn(),
    back: jest.fn(),
    prefetch: jest.fn(),
  }),
}));

const document: Document = {
  id: '7a1c2b3a-1111-4222-8333-444455556666',
  title: 'Rahmenvertrag 2026',
  category: 'contract',
  accountId: null,
  accountName: null,
  isReadOnly: false,
  description: 'Erste Fassung',
  currentVersion: 1,
  versions: [],
  createdById: null,
  createdByName: null,
  version: 3,
  createdAt: '2026-01-05T09:00:00.000Z',
  updatedAt: '2026-02-01T09:00:00.000Z',
};

function renderMetadata(canEdit = true) {
  return renderWithIntl(
    <ToastProvider>
      <DocumentMetadata document={document} canEdit={canEdit}>
        <div>Angelegt am …</div>
      </DocumentMetadata>
    </ToastProvider>,
  );
}

describe('DocumentMetadata', () => {
  beforeEach(() => {
    mockFormLoaded.mockClear();
    updateMock.mockReset();
  });

  it('shows the details without loading the form, and nothing to edit for a reader', () => {
    renderMetadata(false);
    expect(screen.getByText('Rahmenvertrag 2026')).toBeInTheDocument();
    expect(screen.getByText('Erste Fassung')).toBeInTheDocument();
    expect(screen.queryByTestId('edit-metadata')).toBeNull();
    expect(mockFormLoaded).not.toHaveBeenCalled();
  });

  it('loads the form when "Bearbeiten" is first pointed at, and opens it on a click', async () => {
    const user = userEvent.setup();
    renderMetadata();
    expect(mockFormLoaded).not.toHaveBeenCalled();
    await user.hover(screen.getByTestId('edit-metadata'));
    expect(mockFormLoaded).toHaveBeenCalledTimes(1);

    await user.click(screen.getByTestId('edit-metadata'));
    expect(await screen.findByTestId('document-metadata-form')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Titel/ })).toHaveValue('Rahmenvertrag 2026');
    expect(screen.getByRole('textbox', { name: /Titel/ })).toHaveFocus();
  });

  it('cancelling shows the details again, unchanged', async () => {
    const user = userEvent.setup();
    renderMetadata();
    await user.click(screen.getByTestId('edit-metadata'));
    await user.type(await screen.findByRole('textbox', { name: /Titel/ }), ' (Entwurf)');
    await user.click(screen.getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByTestId('document-metadata-form')).toBeNull();
    expect(screen.getByText('Rahmenvertrag 2026')).toBeInTheDocument();
    expect(screen.getByTestId('edit-metadata')).toHaveFocus();
    expect(updateMock).not.toHaveBeenCalled();
  });

  it('after a save the details show the saved record, sent against the version shown', async () => {
    const user = userEvent.setup();
    updateMock.mockResolvedValue({
      ok: true,
      data: { ...document, title: 'Rahmenvertrag 2026 (unterschrieben)', version: 4 },
    });
    renderMetadata();
    await user.click(screen.getByTestId('edit-metadata'));
    const title = await screen.findByRole('textbox', { name: /Titel/ });
    await user.clear(title);
    await user.type(title, 'Rahmenvertrag 2026 (unterschrieben)');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    await waitFor(() => expect(screen.queryByTestId('document-metadata-form')).toBeNull());
    expect(updateMock).toHaveBeenCalledWith(document.id, 3, { title: 'Rahmenvertrag 2026 (unterschrieben)' });
    expect(screen.getByText('Rahmenvertrag 2026 (unterschrieben)')).toBeInTheDocument();
    expect(await screen.findByText('Die Änderungen wurden gespeichert.')).toBeInTheDocument();
    await act(async () => {});
    expect(mockRefresh).toHaveBeenCalled();
  });
});
