'use client';

import { lazy, Suspense, useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { DetailList, DetailRow } from '@/components/record/detail-list';
import { useOpenInPlace } from '@/components/ui/use-open-in-place';
import { OpenInPlaceButton } from '@/components/ui/open-in-place-button';
import type { Document } from '@/lib/schemas/document';

// The form, its store, its checks and the save flow are a chunk of their own (~6 KiB gzip): most
// visits read the document, so they load when "Bearbeiten" is first pointed at, focused or pressed.
const loadForm = () => import('./document-metadata-form');
const DocumentMetadataForm = lazy(() => loadForm().then((module) => ({ default: module.DocumentMetadataForm })));

export interface DocumentMetadataProps {
  document: Document;
  canEdit: boolean;
  /** The rows that are not edited here (account, creator, dates), rendered by the page. */
  children: ReactNode;
}

/**
 * The document's details with inline edit: title, category and description turn into a form in
 * place (DocumentMetadataForm), its first field focused; closing it gives the focus back to
 * "Bearbeiten". After a save the details show the saved record until the page's refresh brings it.
 */
export function DocumentMetadata({ document, canEdit, children }: DocumentMetadataProps) {
  const t = useTranslations('documents');
  const [editor, editButton, focusFirstField] = useOpenInPlace(loadForm, 'input, textarea, select');
  const [shown, setShown] = useState(document);
  const none = t('fields.none');

  const details = (isOpening: boolean) => (
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
        <OpenInPlaceButton
          part={editor}
          ref={editButton}
          isOpening={isOpening}
          className="btn btn-outline-primary btn-sm mt-2"
          testId="edit-metadata"
        >
          {t('actions.edit')}
        </OpenInPlaceButton>
      ) : null}
    </>
  );

  if (!editor.isOpen) return details(false);
  return (
    <Suspense fallback={details(true)}>
      <div ref={focusFirstField}>
        <DocumentMetadataForm
          document={shown}
          onClose={(record) => {
            setShown(record);
            editor.close();
          }}
        />
      </div>
    </Suspense>
  );
}
