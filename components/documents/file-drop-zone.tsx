'use client';

import { useId, useRef, useState, type DragEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { errorIdOf } from '@/components/ui/form/field-id';
import { formatFileSize } from '@/lib/format/file-size';
import { DOCUMENT_ACCEPT, DOCUMENT_TYPE_LABELS, fileTypeByName } from '@/lib/schemas/document-files';

export interface FileDropZoneProps {
  /** The id of the file input (the error summary links to it). */
  id: string;
  file: File | null;
  onFile: (file: File | null) => void;
  maxBytes: number;
  error?: string;
  disabled?: boolean;
}

/**
 * Drag and drop or the file picker: one file. Says at once when the file is too large or of a type
 * the server refuses anyway; the server's check of the content is the one that counts.
 */
export function FileDropZone({ id, file, onFile, maxBytes, error, disabled }: FileDropZoneProps) {
  const t = useTranslations('documents.drop');
  const locale = useLocale();
  const input = useRef<HTMLInputElement>(null);
  const hintId = useId();
  const [isOver, setOver] = useState(false);
  const [localError, setLocalError] = useState<string | null>(null);
  const maxSize = formatFileSize(maxBytes, locale);

  function take(candidate: File | undefined | null) {
    if (!candidate) return;
    if (!fileTypeByName(candidate.name)) setLocalError(t('wrongType', { types: DOCUMENT_TYPE_LABELS }));
    else if (candidate.size > maxBytes) setLocalError(t('tooLarge', { size: maxSize }));
    else setLocalError(null);
    onFile(candidate);
  }

  function onDrop(event: DragEvent<HTMLDivElement>) {
    event.preventDefault();
    setOver(false);
    if (!disabled) take(event.dataTransfer.files[0]);
  }

  const shownError = error ?? localError;
  return (
    <div className="mb-3">
      <label htmlFor={id} className="form-label">
        {t('label')}
        <span className="text-danger" aria-hidden="true">
          {' '}
          *
        </span>
      </label>
      <div
        className={`border border-2 rounded p-4 text-center ${isOver ? 'border-primary bg-primary-subtle' : ''} ${shownError ? 'border-danger' : ''}`}
        style={{ borderStyle: 'dashed' }}
        data-testid="file-drop-zone"
        onDragOver={(event) => {
          event.preventDefault();
          if (!disabled) setOver(true);
        }}
        onDragLeave={() => setOver(false)}
        onDrop={onDrop}
      >
        <p className="mb-2">
          {t('hint')}{' '}
          <button
            type="button"
            className="btn btn-outline-primary btn-sm"
            onClick={() => input.current?.click()}
            disabled={disabled}
          >
            {file ? t('change') : t('choose')}
          </button>
        </p>
        <input
          ref={input}
          id={id}
          type="file"
          className="visually-hidden"
          accept={DOCUMENT_ACCEPT}
          disabled={disabled}
          required
          aria-invalid={shownError ? true : undefined}
          aria-describedby={[hintId, shownError ? errorIdOf(id) : null].filter(Boolean).join(' ')}
          onChange={(event) => take(event.target.files?.[0])}
        />
        {file ? (
          <p className="mb-0 fw-semibold text-break" data-testid="chosen-file">
            {t('chosen', { name: file.name, size: formatFileSize(file.size, locale) })}
          </p>
        ) : null}
        <p id={hintId} className="small text-body-secondary mb-0">
          {t('types', { types: DOCUMENT_TYPE_LABELS, size: maxSize })}
        </p>
      </div>
      {shownError ? (
        <div id={errorIdOf(id)} className="invalid-feedback d-block">
          {shownError}
        </div>
      ) : null}
    </div>
  );
}
