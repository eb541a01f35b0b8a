import { screen } from '@testing-library/react';
import type { DocumentVersion } from '@/lib/schemas/document';
import { renderWithIntl } from '@/test-support/render-with-intl';
import { DocumentPreview } from './document-preview';

const DOCUMENT_ID = '7a1c2b3a-1111-4222-8333-444455556666';
const version = (fileName: string, mimeType: string): DocumentVersion => ({
  number: 2,
  fileName,
  mimeType,
  sizeBytes: 1234,
  sha256: 'a'.repeat(64),
  uploadedById: null,
  uploadedByName: null,
  uploadedAt: '2026-11-27T10:00:00.000Z',
});
const INLINE = `/api/ui/documents/${DOCUMENT_ID}/versions/2/content/?inline=1`;

describe('DocumentPreview', () => {
  it('shows a PDF in a lazy frame, unfolded on a desktop', () => {
    renderWithIntl(<DocumentPreview documentId={DOCUMENT_ID} version={version('vertrag.pdf', 'application/pdf')} />);
    const frame = screen.getByTitle('Vorschau von vertrag.pdf');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', INLINE);
    expect(frame).toHaveAttribute('loading', 'lazy');
    expect(screen.getByTestId('document-preview-pdf')).toHaveAttribute('open');
    expect(screen.getByRole('link', { name: 'In neuem Tab öffnen' })).toHaveAttribute('href', INLINE);
  });

  it("folds a PDF's frame on a phone, so the file loads only when opened", () => {
    renderWithIntl(
      <DocumentPreview documentId={DOCUMENT_ID} version={version('vertrag.pdf', 'application/pdf')} isFolded />,
    );
    const folded = screen.getByTestId('document-preview-pdf');
    expect(folded.tagName).toBe('DETAILS');
    expect(folded).not.toHaveAttribute('open');
    expect(folded.querySelector('summary')).toHaveTextContent('Vorschau von vertrag.pdf');
    expect(folded.querySelector('iframe')).toHaveAttribute('loading', 'lazy');
    // The link to open it in a tab stays outside the fold.
    expect(folded).not.toContainElement(screen.getByRole('link', { name: 'In neuem Tab öffnen' }));
  });

  it('shows an image as a lazy image, folded or not', () => {
    renderWithIntl(<DocumentPreview documentId={DOCUMENT_ID} version={version('plan.png', 'image/png')} isFolded />);
    const image = screen.getByRole('img', { name: 'Vorschau von plan.png' });
    expect(image).toHaveAttribute('src', INLINE);
    expect(image).toHaveAttribute('loading', 'lazy');
    expect(screen.queryByTestId('document-preview-pdf')).not.toBeInTheDocument();
  });

  it('says how to open a type without a preview', () => {
    renderWithIntl(<DocumentPreview documentId={DOCUMENT_ID} version={version('liste.csv', 'text/csv')} />);
    expect(screen.getByText(/Für diesen Dateityp gibt es keine Vorschau/)).toBeInTheDocument();
    expect(screen.queryByTestId('document-preview')).not.toBeInTheDocument();
  });
});
