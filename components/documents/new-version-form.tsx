'use client';

import { useState, type FormEvent } from 'react';
import { useRouter } from 'next/navigation';
import { useTranslations } from 'next-intl';
import { SubmitButton } from '@/components/record/submit-button';
import { fieldId } from '@/components/ui/form/field-id';
import { useIdempotencyKey } from '@/components/ui/form/use-idempotency-key';
import { useToast } from '@/components/ui/toast-provider';
import { documentsApi } from '@/lib/api-client/documents';
import { FileDropZone } from './file-drop-zone';
import { parseDocument } from './parse-document';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

export interface NewVersionFormProps {
  documentId: string;
  /** The record version the page shows: the upload applies only onto it (If-Match), else 409. */
  version: number;
  maxBytes: number;
  /** Opened in place (NewVersionSection): "Abbrechen" closes the form. */
  onCancel?: () => void;
}

/** "Neue Version hochladen": one file, with progress; the page then shows the new version on top. */
export function NewVersionForm({ documentId, version, maxBytes, onCancel }: NewVersionFormProps) {
  const t = useTranslations('documents');
  const router = useRouter();
  const toast = useToast();
  const upload = useUpload();
  const { idempotencyKey, renew } = useIdempotencyKey();
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | undefined>(undefined);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!file) {
      setError(t('drop.required'));
      return;
    }
    setError(undefined);
    const data = new FormData();
    data.set('file', file, file.name);
    const result = await upload.send(documentsApi.versionUploadHref(documentId), data, {
      'idempotency-key': idempotencyKey,
      'if-match': `W/"${version}"`,
    });
    if (!result.ok) {
      setError(result.error.details?.find((detail) => detail.path === 'file')?.message ?? result.error.message);
      return;
    }
    // The form is cleared at once: the answer's schema may still be loading, and the file must not go twice.
    setFile(null);
    renew();
    const updated = await parseDocument(result.body);
    toast({
      variant: 'success',
      message: t('toasts.versionUploaded', { number: updated ? updated.currentVersion : version + 1 }),
    });
    router.refresh();
  }

  return (
    <form noValidate onSubmit={onSubmit} data-testid="new-version-form">
      <p className="text-body-secondary">{t('newVersion.intro')}</p>
      <FileDropZone
        id={fieldId('new-version-file')}
        file={file}
        onFile={(chosen) => {
          setFile(chosen);
          setError(undefined);
        }}
        maxBytes={maxBytes}
        error={error}
        disabled={upload.isUploading}
      />
      {upload.percent !== null ? <UploadProgress percent={upload.percent} /> : null}
      <div className="d-flex flex-wrap gap-2">
        <SubmitButton isBusy={upload.isUploading} busyLabel={t('form.uploading')}>
          {t('newVersion.submit')}
        </SubmitButton>
        {onCancel ? (
          <button type="button" className="btn btn-outline-secondary" onClick={onCancel} disabled={upload.isUploading}>
            {t('form.cancel')}
          </button>
        ) : null}
      </div>
    </form>
  );
}
