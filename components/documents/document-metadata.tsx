'use client';

import { useState, type ReactNode } from 'react';
import { FormProvider } from '@/components/ui/form/use-form';
import { useTranslations } from 'next-intl';
import { ConflictPanel } from '@/components/record/conflict-panel';
import { DetailList, DetailRow } from '@/components/record/detail-list';
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

export interface DocumentMetadataProps {
  document: Document;
  canEdit: boolean;
  /** The rows that are not edited here (account, creator, dates), rendered by the page. */
  children: ReactNode;
}

/**
 * The document's details with inline edit: title, category and description turn into a form in
 * place, saved against the version shown (a newer one shows the conflict panel, nothing typed is lost).
 */
export function DocumentMetadata({ document, canEdit, children }: DocumentMetadataProps) {
  const t = useTranslations('documents');
  const [isEditing, setEditing] = useState(false);
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
      setEditing(false);
      return { toast: { variant: 'success', message: t('toasts.saved') }, record };
    },
    onUnchanged: () => setEditing(false),
    failed: (message) => t('toasts.failed', { message }),
  });
  const labelOf = (field: EditField) => t(`fields.${field}`);
  const none = t('fields.none');

  if (!isEditing) {
    const shown = save.base ?? document;
    return (
      <>
        <DetailList>
          <DetailRow label={t('fields.title')}>{shown.title}</DetailRow>
          <DetailRow label={t('fields.category')}>{t(`categories.${shown.category}`)}</DetailRow>
          <DetailRow label={t('fields.description')}>
            <span style={{ whiteSpace: 'pre-line' }}>{shown.description || none}</span>
          </DetailRow>
          {children}
        </DetailList>
        {canEdit ? (
          <button
            type="button"
            className="btn btn-outline-primary btn-sm mt-2"
            onClick={() => setEditing(true)}
            data-testid="edit-metadata"
          >
            {t('actions.edit')}
          </button>
        ) : null}
      </>
    );
  }

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
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              form.reset(valuesOf(save.base ?? document));
              setEditing(false);
            }}
          >
            {t('form.cancel')}
          </button>
        </div>
      </form>
    </FormProvider>
  );
}
