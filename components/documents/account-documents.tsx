import Link from 'next/link';
import { useLocale, useTranslations } from 'next-intl';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import type { DocumentListItem } from '@/lib/schemas/document';

export interface AccountDocumentsProps {
  accountId: string;
  items: readonly DocumentListItem[];
  total: number;
  canUpload: boolean;
}

/** The Dokumente tab of an account (server component): its documents, the full list and the upload. */
export function AccountDocuments({ accountId, items, total, canUpload }: AccountDocumentsProps) {
  const t = useTranslations('documents');
  const locale = useLocale();
  const listHref = hrefs.documents({ accountId });

  return (
    <section aria-labelledby="account-documents-heading" data-testid="account-documents">
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-2">
        <h2 id="account-documents-heading" className="h5 mb-0">
          {t('accountTab.title')}
        </h2>
        <div className="d-flex flex-wrap gap-2">
          <Link href={listHref} className="btn btn-outline-secondary btn-sm">
            {t('accountTab.openList')}
          </Link>
          {canUpload && (
            <Link href={hrefs.documentNew({ accountId })} className="btn btn-primary btn-sm">
              {t('upload')}
            </Link>
          )}
        </div>
      </div>
      {items.length === 0 ? (
        <p className="text-body-secondary" data-testid="table-empty">
          {t('accountTab.empty')}
        </p>
      ) : (
        <div className="table-responsive">
          <table className="table table-hover align-middle">
            <caption className="visually-hidden">{t('accountTab.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('columns.title')}</th>
                <th scope="col">{t('columns.category')}</th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('columns.file')}
                </th>
                <th scope="col" className="d-none d-md-table-cell">
                  {t('columns.updatedAt')}
                </th>
              </tr>
            </thead>
            <tbody>
              {items.map((document) => (
                <tr key={document.id}>
                  <th scope="row" className="fw-normal">
                    <Link href={hrefs.document(document.id)} prefetch={false}>
                      {document.title}
                    </Link>
                  </th>
                  <td>{t(`categories.${document.category}`)}</td>
                  <td className="text-break d-none d-md-table-cell">{document.fileName}</td>
                  <td className="text-nowrap d-none d-md-table-cell">{formatDateTime(document.updatedAt, locale)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {total > items.length ? (
        <p className="small text-body-secondary">
          {t.rich('accountTab.truncated', {
            count: items.length,
            total,
            link: (chunks) => <Link href={listHref}>{chunks}</Link>,
          })}
        </p>
      ) : null}
    </section>
  );
}
