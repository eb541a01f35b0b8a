'use client';

import { FormProvider } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import { ConflictPanel } from '@/components/record/conflict-panel';
import { SaveProblemAlert } from '@/components/record/save-problem';
import { SubmitButton } from '@/components/record/submit-button';
import { useVersionedSave } from '@/components/record/use-versioned-save';
import { FormErrorSummary } from '@/components/ui/form/form-error-summary';
import { FormField } from '@/components/ui/form/form-field';
import { useZodForm } from '@/components/ui/form/use-zod-form';
import type { Document, DocumentCategory } from '@/lib/schemas/document';
import { DOCUMENT_CATEGORIES } from '@/lib/schemas/document-constants';
import { updateDocumentAction } from './document-actions';
import { parseDocument } from './parse-document';

const EDIT_FIELDS = ['title', 'category', 'description'] as const;
type EditField = (typeof EDIT_FIELDS)[number];
interface MetadataValues {
  title: string;
  category: DocumentCategory;
  description: string;
}

const loadEditSchema = () => import('./document-metadata-schema').then((module) => module.documentEditSchema);

const valuesOf = (document: Document): MetadataValues => ({
  title: document.title,
  category: document.category,
  description: document.description,
});

export interface DocumentMetadataFormProps {
  /** The document as last shown or saved: the edits are measured against it. */
  document: Document;
  /** Saved (the record the server answered) or cancelled (the record the form last measured against). */
  onClose: (shown: Document) => void;
}

/**
 * Title, category and description of a document as a form in place of its details, saved against
 * the version shown (a newer one shows the conflict panel, nothing typed is lost). Its own chunk:
 * it loads when "Bearbeiten" is first pointed at, focused or pressed (issue 30).
 */
export function DocumentMetadataForm({ document, onClose }: DocumentMetadataFormProps) {
  const t = useTranslations('documents');
  const form = useZodForm<MetadataValues, MetadataValues>(loadEditSchema, { defaultValues: valuesOf(document) });
  const { errors, submitCount } = form.formState;
  const save = useVersionedSave({
    form,
    initial: document,
    isFormPath: (path) => (EDIT_FIELDS as readonly string[]).includes(path),
    parseRecord: parseDocument,
    toFormValues: valuesOf,
    changes: (values, base) =>
      Object.fromEntries(
        EDIT_FIELDS.filter((field) => values[field] !== base[field]).map((field) => [field, values[field]]),
      ),
    update: (id, version, changes) => updateDocumentAction(id, version, changes),
    onUpdated: (record) => {
      onClose(record);
      return { toast: { variant: 'success', message: t('toasts.saved') }, record };
    },
    onUnchanged: (base) => onClose(base),
    failed: (message) => t('toasts.failed', { message }),
  });
  const labelOf = (field: EditField) => t(`fields.${field}`);
  const none = t('fields.none');

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={save.onSubmit} data-testid="document-metadata-form">
        <FormErrorSummary
          errors={errors}
          submitCount={submitCount}
          labels={{ title: labelOf('title'), category: labelOf('category'), description: labelOf('description') }}
          title={t('form.errorSummary')}
        />
        {save.conflict ? (
          <ConflictPanel
            fields={EDIT_FIELDS}
            mine={save.conflict.mine as MetadataValues}
            theirs={valuesOf(save.conflict.current)}
            base={save.base ? valuesOf(save.base) : undefined}
            focusKey={save.conflict.current.version}
            title={t('form.conflictTitle')}
            labelOf={labelOf}
            show={(field, values) =>
              field === 'category' ? t(`categories.${values.category}`) : values[field].trim() || none
            }
            onOverwrite={save.overwrite}
            onTakeCurrent={save.takeCurrent}
            isBusy={save.isBusy}
          />
        ) : null}
        <SaveProblemAlert problem={save.problem} />
        <FormField
          label={labelOf('title')}
          required
          maxLength={200}
          autoComplete="off"
          error={errors.title}
          {...form.register('title')}
        />
        <FormField
          as="select"
          label={labelOf('category')}
          required
          options={DOCUMENT_CATEGORIES.map((code) => ({ value: code, label: t(`categories.${code}`) }))}
          error={errors.category}
          {...form.register('category')}
        />
        <FormField
          as="textarea"
          label={labelOf('description')}
          rows={3}
          maxLength={5000}
          error={errors.description}
          {...form.register('description')}
        />
        <div className="d-flex flex-wrap gap-2">
          <SubmitButton isBusy={save.isBusy} busyLabel={t('form.saving')}>
            {t('form.save')}
          </SubmitButton>
          <button type="button" className="btn btn-outline-secondary" onClick={() => onClose(save.base ?? document)}>
            {t('form.cancel')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
