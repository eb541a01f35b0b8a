import { useTranslations } from 'next-intl';
import { documentsApi } from '@/lib/api-client/documents';
import { isImageType, isPreviewableType } from '@/lib/schemas/document-files';
import type { DocumentVersion } from '@/lib/schemas/document';

/**
 * The current version inline: PDFs in a frame, images as an image, both from the same-origin proxy
 * with `?inline=1` (the file's answer carries a CSP sandbox), fetched once near the viewport (on a
 * phone the preview is below the form). Other types say how to open them.
 *
 * On a phone (`isFolded`) the PDF's frame starts folded and loads when opened: a phone's browser
 * fetches a lazy frame long before it is scrolled to (Chromium: 1,250–2,500 px ahead), so every
 * visit paid the file's download and the PDF viewer's start-up (Lighthouse: ~1.8 s of blocked main
 * thread, issue 30), and Chrome on Android shows no PDF in a frame anyway. A lazy frame in a closed
 * `<details>` is not fetched until it opens; no script is involved.
 */
export function DocumentPreview({
  documentId,
  version,
  isFolded = false,
}: {
  documentId: string;
  version: DocumentVersion;
  isFolded?: boolean;
}) {
  const t = useTranslations('documents.preview');
  if (!isPreviewableType(version.mimeType)) {
    return <p className="text-body-secondary">{t('none')}</p>;
  }
  const src = documentsApi.contentHref(documentId, version.number, { inline: true });
  const title = t('frameTitle', { name: version.fileName });
  return (
    <div data-testid="document-preview">
      {isImageType(version.mimeType) ? (
        // A stored image of any size: next/image would need its dimensions and a loader.
        // eslint-disable-next-line @next/next/no-img-element
        <img
          src={src}
          alt={t('imageAlt', { name: version.fileName })}
          className="img-fluid border rounded"
          loading="lazy"
        />
      ) : (
        <details open={!isFolded} data-testid="document-preview-pdf">
          <summary className="mb-2">{title}</summary>
          <iframe
            src={src}
            title={title}
            className="w-100 border rounded"
            style={{ height: '70vh' }}
            // Fetched once the details are open and the frame is near the viewport.
            loading="lazy"
          />
        </details>
      )}
      <p className="small mt-1">
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('open')}
        </a>
      </p>
    </div>
  );
}
