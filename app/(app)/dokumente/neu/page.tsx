import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { ClientMessages } from '@/components/layout/client-messages';
import { DocumentUploadForm } from '@/components/documents/document-upload-form';
import { loadAccountOptions } from '@/components/users/load-account-options';
import { getMe } from '@/lib/api-client/server';
import { getEnv } from '@/lib/env';
import { formatFileSize } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import type { SearchParamsRecord } from '@/lib/list-params';
import { uuidSchema } from '@/lib/schemas/common';
import { DOCUMENT_TYPE_LABELS } from '@/lib/schemas/document-files';
import { isStaff } from '@/lib/schemas/roles';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('documents');
  return { title: t('uploadTitle') };
}

/** Upload a document: title, category, an account in reach (or none: general, staff only) and the file. */
export default async function UploadDocumentPage(props: { searchParams: Promise<SearchParamsRecord> }) {
  const [me, t, locale, searchParams] = await Promise.all([
    getMe(),
    getTranslations('documents'),
    getLocale(),
    props.searchParams,
  ]);
  const requested = uuidSchema.safeParse(searchParams.accountId);
  const { accounts, hasMore, included } = await loadAccountOptions(requested.success ? requested.data : null);
  const maxBytes = getEnv().MAX_UPLOAD_BYTES;

  return (
    <>
      <p className="mb-1 small">
        <Link href={hrefs.documents()}>{t('actions.backToList')}</Link>
      </p>
      <h1 className="h3 mb-3">{t('uploadTitle')}</h1>
      <p className="text-body-secondary">
        {t('uploadIntro', { types: DOCUMENT_TYPE_LABELS, size: formatFileSize(maxBytes, locale) })}
      </p>
      <ClientMessages namespaces={['documents', 'users', 'form', 'validation']}>
        <DocumentUploadForm
          accounts={accounts}
          hasMoreAccounts={hasMore}
          mayUploadGeneral={isStaff(me.role)}
          defaultAccountId={included?.id ?? null}
          maxBytes={maxBytes}
        />
      </ClientMessages>
    </>
  );
}
