'use client';

import { useState } from 'react';
import Link from 'next/link';
import { useRouter } from 'next/navigation';
import { FormProvider, useWatch } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import { SaveProblemAlert } from '@/components/record/save-problem';
import { SubmitButton } from '@/components/record/submit-button';
import type { SaveProblem } from '@/components/record/use-versioned-save';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { RequiredHint } from '@/components/ui/form/required-hint';
import { applyServerErrors } from '@/components/ui/form/apply-server-errors';
import { fieldId } from '@/components/ui/form/field-id';
import { useIdempotencyKey } from '@/components/ui/form/use-idempotency-key';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import { useToast } from '@/components/ui/toast-provider';
import type { AccountOption } from '@/components/users/account-option';
import { AccountPicker } from '@/components/users/account-picker';
import { documentsApi } from '@/lib/api-client/documents';
import { hrefs } from '@/lib/hrefs';
import { DOCUMENT_CATEGORIES } from '@/lib/schemas/document-constants';
import type { UploadFormOutput, UploadFormValues } from './document-upload-schema';
import { FileDropZone } from './file-drop-zone';
import { parseDocument } from './parse-document';
import { UploadProgress } from './upload-progress';
import { useUpload } from './use-upload';

const FORM_FIELDS = ['title', 'category', 'accountId', 'description', 'file'] as const;

export interface DocumentUploadFormProps {
  /** The accounts in reach the picker offers (archived ones take no documents). */
  accounts: readonly AccountOption[];
  hasMoreAccounts: boolean;
  /** Admin and back office may upload general documents (no account). */
  mayUploadGeneral: boolean;
  defaultAccountId: string | null;
  maxBytes: number;
}

/**
 * A new document: title, category, account and the file, validated with the API's own schema,
 * sent as multipart through the same-origin proxy with a progress bar. The API's refusals land on
 * their fields (422), the file's on the drop zone (413, 415).
 */
export function DocumentUploadForm(props: DocumentUploadFormProps) {
  const t = useTranslations('documents');
  const router = useRouter();
  const toast = useToast();
  const { idempotencyKey } = useIdempotencyKey();
  const upload = useUpload();
  const [problem, setProblem] = useState<SaveProblem | null>(null);
  const [isDone, setDone] = useState(false);

  const fileRequired = t('drop.required');
  const accountRequired = t('form.accountRequired');
  const { mayUploadGeneral } = props;
  // Built at each validation from the current props; the module (and zod) load on demand.
  const loadSchema = () =>
    import('./document-upload-schema').then((module) =>
      module.documentUploadSchema({ fileRequired, accountRequired, mayUploadGeneral }),
    );

  const form = useZodForm<UploadFormValues, UploadFormOutput>(loadSchema, {
    defaultValues: {
      title: '',
      category: '',
      accountId: props.defaultAccountId,
      description: '',
      file: null,
    },
  });
  const { errors, submitCount } = form.formState;
  const file = useWatch({ control: form.control, name: 'file' });

  const onSubmit = form.handleSubmit(async (values) => {
    setProblem(null);
    const data = new FormData();
    data.set('title', values.title);
    data.set('category', values.category);
    data.set('accountId', values.accountId ?? '');
    data.set('description', values.description);
    data.set('file', values.file, values.file.name);
    const result = await upload.send(documentsApi.uploadHref, data, { 'idempotency-key': idempotencyKey });
    if (result.ok) {
      // Busy at once: the answer's schema may still be loading, and a second click must not upload again.
      setDone(true);
      const created = await parseDocument(result.body);
      toast({ variant: 'success', message: t('toasts.uploaded', { title: values.title }) });
      router.push(created ? hrefs.document(created.id) : hrefs.documents());
      return;
    }
    const { unmatched } = applyServerErrors(form.setError, result.error.details, { fields: FORM_FIELDS });
    if (!result.error.details?.length || unmatched.length > 0) {
      setProblem({ tone: 'danger', message: t('toasts.uploadFailed', { message: result.error.message }) });
    }
  });

  const labels: Record<string, string> = {
    title: t('fields.title'),
    category: t('fields.category'),
    accountId: t('fields.account'),
    description: t('fields.description'),
    file: t('fields.file'),
  };
  const isBusy = upload.isUploading || isDone;

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={onSubmit} data-testid="document-upload-form">
        <RequiredHint />
        <FormErrorSummary errors={errors} submitCount={submitCount} labels={labels} title={t('form.errorSummary')} />
        <SaveProblemAlert problem={problem} />
        <div className="row g-3 mb-3">
          <div className="col-md-8">
            <FormField
              label={t('fields.title')}
              required
              className="mb-0"
              maxLength={200}
              autoComplete="off"
              error={errors.title}
              {...form.register('title')}
            />
          </div>
          <div className="col-md-4">
            <FormField
              as="select"
              label={t('fields.category')}
              required
              className="mb-0"
              placeholder={t('form.chooseCategory')}
              options={DOCUMENT_CATEGORIES.map((code) => ({ value: code, label: t(`categories.${code}`) }))}
              error={errors.category}
              {...form.register('category')}
            />
          </div>
          <div className="col-md-8">
            <AccountPicker
              options={props.accounts}
              hasMore={props.hasMoreAccounts}
              error={errors.accountId}
              noneLabel={props.mayUploadGeneral ? t('form.generalDocument') : undefined}
            />
          </div>
          <div className="col-12">
            <FormField
              as="textarea"
              label={t('fields.description')}
              className="mb-0"
              rows={3}
              maxLength={5000}
              error={errors.description}
              {...form.register('description')}
            />
          </div>
        </div>
        <FileDropZone
          id={fieldId('file')}
          file={file}
          maxBytes={props.maxBytes}
          error={errors.file?.message}
          disabled={isBusy}
          onFile={(chosen) => form.setValue('file', chosen, { shouldValidate: submitCount > 0 })}
        />
        {upload.percent !== null ? <UploadProgress percent={upload.percent} /> : null}
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton isBusy={isBusy} busyLabel={t('form.uploading')}>
            {t('form.upload')}
          </SubmitButton>
          <Link href={hrefs.documents()} className="btn btn-outline-secondary">
            {t('form.cancel')}
          </Link>
        </div>
      </form>
    </FormProvider>
  );
}
