import { listChanges } from '@/lib/api-client/approvals.server';
import { AsOfPanel } from '@/components/history/as-of-panel';
import type { Metadata } from 'next';
import { headers } from 'next/headers';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { DocumentActionsBar } from '@/components/documents/document-actions-bar';
import { DocumentMetadata } from '@/components/documents/document-metadata';
import { DocumentPreview } from '@/components/documents/document-preview';
import { DocumentVersions } from '@/components/documents/document-versions';
import { NewVersionSection } from '@/components/documents/new-version-section';
import { ChangeTable } from '@/components/history/change-table';
import { ClientMessages } from '@/components/layout/client-messages';
import { DetailRow } from '@/components/record/detail-list';
import { documentsApi } from '@/lib/api-client/documents';
import { getDocument } from '@/lib/api-client/documents.server';
import { recordId } from '@/lib/api-client/record-id';
import { getMe } from '@/lib/api-client/server';
import { hasScope } from '@/lib/auth/has-scope';
import { getEnv } from '@/lib/env';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import { isMobileClient } from '@/lib/mobile-client';
import { isStaff } from '@/lib/schemas/roles';

type Props = { params: Promise<{ id: string }>; searchParams?: Promise<{ asOf?: string | string[] }> };

export async function generateMetadata(props: Props): Promise<Metadata> {
  const id = await recordId(props.params);
  const document = await getDocument(id);
  return { title: document.title };
}

/** One document: details with inline edit, preview, versions with downloads, a new version, its history. */
export default async function DocumentPage(props: Props) {
  const id = await recordId(props.params);
  const asOfParam = (await props.searchParams)?.asOf;
  const [document, me, t, tHistory, locale, requestHeaders] = await Promise.all([
    getDocument(id),
    getMe(),
    getTranslations('documents'),
    getTranslations('history'),
    getLocale(),
    headers(),
  ]);
  const history = hasScope(me.scope, 'history.read') ? await listChanges({ entityId: id, perPage: 20 }) : null;
  const current = document.versions.find((version) => version.number === document.currentVersion);
  // General documents are written by admin and back office only; archived accounts' by nobody.
  const mayWrite =
    hasScope(me.scope, 'documents.write') && !document.isReadOnly && (document.accountId !== null || isStaff(me.role));
  const none = t('fields.none');

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.documents()}>{t('actions.backToList')}</Link>
      </p>
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h3 mb-0">{document.title}</h1>
        <span className="badge text-bg-light border">{t(`categories.${document.category}`)}</span>
      </div>
      <p className="text-body-secondary mb-3">
        {document.accountName ?? t('general')}
        {current ? ` · ${current.fileName}` : ''}
      </p>
      <div className="mb-3 d-flex flex-wrap gap-2">
        <a
          href={documentsApi.contentHref(document.id, document.currentVersion)}
          className="btn btn-primary"
          download
          data-testid="download-current"
        >
          {t('actions.download')}
        </a>
        <ClientMessages namespaces={['documents', 'confirmDialog']}>
          <DocumentActionsBar
            document={document}
            canDelete={mayWrite && isStaff(me.role)}
            listHref={hrefs.documents()}
            recordHref={hrefs.document(document.id)}
          />
        </ClientMessages>
      </div>
      {document.isReadOnly && (
        <div className="alert alert-secondary" role="status">
          {t('form.readOnly')}
        </div>
      )}

      <div className="row g-4">
        <section aria-labelledby="document-data-heading" className="col-lg-5">
          <h2 id="document-data-heading" className="h5">
            {t('sections.metadata')}
          </h2>
          <ClientMessages namespaces={['documents', 'common', 'form', 'validation']}>
            <DocumentMetadata key={document.version} document={document} canEdit={mayWrite}>
              <DetailRow label={t('fields.account')}>
                {document.accountId ? (
                  <Link href={hrefs.account(document.accountId, { tab: 'documents' })}>
                    {document.accountName ?? document.accountId}
                  </Link>
                ) : (
                  t('general')
                )}
              </DetailRow>
              <DetailRow label={t('fields.createdBy')}>{document.createdByName ?? none}</DetailRow>
              <DetailRow label={t('fields.createdAt')}>{formatDateTime(document.createdAt, locale)}</DetailRow>
              <DetailRow label={t('fields.updatedAt')}>{formatDateTime(document.updatedAt, locale)}</DetailRow>
            </DocumentMetadata>
          </ClientMessages>
        </section>
        <section aria-labelledby="document-preview-heading" className="col-lg-7">
          <h2 id="document-preview-heading" className="h5">
            {t('sections.preview')}
          </h2>
          {current ? (
            <DocumentPreview documentId={document.id} version={current} isFolded={isMobileClient(requestHeaders)} />
          ) : null}
        </section>
      </div>

      <section aria-labelledby="document-versions-heading" className="my-4">
        <h2 id="document-versions-heading" className="h5">
          {t('sections.versions')}
        </h2>
        <DocumentVersions document={document} />
      </section>

      {mayWrite && (
        <section aria-labelledby="document-new-version-heading" className="mb-4">
          <h2 id="document-new-version-heading" className="h5">
            {t('sections.newVersion')}
          </h2>
          <ClientMessages namespaces={['documents']}>
            <NewVersionSection
              key={document.version}
              documentId={document.id}
              version={document.version}
              maxBytes={getEnv().MAX_UPLOAD_BYTES}
            />
          </ClientMessages>
        </section>
      )}

      {history && (
        <section aria-labelledby="document-history-heading" className="mb-4" data-testid="document-history">
          <h2 id="document-history-heading" className="h5">
            {tHistory('tab')}
          </h2>
          <ChangeTable items={history.items} />
          {history.nextCursor && <Link href={hrefs.changes({ entityId: document.id })}>{tHistory('tabAll')}</Link>}
        </section>
      )}
      <AsOfPanel
        apiPath={documentsApi.detailPath(document.id)}
        pageHref={hrefs.document(document.id)}
        asOf={typeof asOfParam === 'string' ? asOfParam : undefined}
        restore={mayWrite ? { version: document.version } : undefined}
      />
    </>
  );
}
