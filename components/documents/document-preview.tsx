import { useTranslations } from 'next-intl';
import { documentsApi } from '@/lib/api-client/documents';
import { isImageType, isPreviewableType } from '@/lib/schemas/document-files';
import type { DocumentVersion } from '@/lib/schemas/document';

/**
 * The current version inline: PDFs in a frame, images as an image, both from the same-origin proxy
 * with `?inline=1` (the file's answer carries a CSP sandbox), fetched once near the viewport (on a
 * phone the preview is below the form). Other types say how to open them.
 */
export function DocumentPreview({ documentId, version }: { documentId: string; version: DocumentVersion }) {
  const t = useTranslations('documents.preview');
  if (!isPreviewableType(version.mimeType)) {
    return <p className="text-body-secondary">{t('none')}</p>;
  }
  const src = documentsApi.contentHref(documentId, version.number, { inline: true });
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
        <iframe
          src={src}
          title={t('frameTitle', { name: version.fileName })}
          className="w-100 border rounded"
          style={{ height: '70vh' }}
          // Below the form on a phone: the file loads when the user scrolls to it, not with the page.
          loading="lazy"
        />
      )}
      <p className="small mt-1">
        <a href={src} target="_blank" rel="noopener noreferrer">
          {t('open')}
        </a>
      </p>
    </div>
  );
}
