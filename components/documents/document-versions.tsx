import { useLocale, useTranslations } from 'next-intl';
import { documentsApi } from '@/lib/api-client/documents';
import { formatDateTime, formatFileSize } from '@/lib/format';
import type { Document } from '@/lib/schemas/document';

/** The versions of a document, newest first, each with size, uploader and its download (server component). */
export function DocumentVersions({ document }: { document: Document }) {
  const t = useTranslations('documents.versions');
  const locale = useLocale();
  return (
    <div className="table-responsive">
      <table className="table table-sm align-middle" data-testid="document-versions">
        <caption className="visually-hidden">{t('caption')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('number')}</th>
            <th scope="col">{t('file')}</th>
            <th scope="col" className="text-end">
              {t('size')}
            </th>
            <th scope="col" className="d-none d-md-table-cell">
              {t('uploadedBy')}
            </th>
            <th scope="col" className="d-none d-md-table-cell">
              {t('uploadedAt')}
            </th>
            <th scope="col">
              <span className="visually-hidden">{t('download')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {document.versions.map((version) => (
            <tr key={version.number} data-version={version.number}>
              <th scope="row" className="fw-normal text-nowrap">
                {version.number}
                {version.number === document.currentVersion ? (
                  <span className="badge text-bg-secondary ms-2">{t('current')}</span>
                ) : null}
              </th>
              <td className="text-break">{version.fileName}</td>
              <td className="text-end text-nowrap">{formatFileSize(version.sizeBytes, locale)}</td>
              <td className="d-none d-md-table-cell">{version.uploadedByName ?? t('unknownUploader')}</td>
              <td className="d-none d-md-table-cell text-nowrap">{formatDateTime(version.uploadedAt, locale)}</td>
              <td className="text-end">
                <a
                  href={documentsApi.contentHref(document.id, version.number)}
                  download
                  className="btn btn-outline-secondary btn-sm"
                  aria-label={t('downloadLabel', { number: version.number, name: version.fileName })}
                >
                  {t('download')}
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
