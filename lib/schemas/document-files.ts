/**
 * The file types a document version may have (SPEC §2 Document), by extension. Plain constants
 * without zod: the upload page's file picker imports them for its `accept` list and its hints.
 */
export interface DocumentFileType {
  /** The label the UI shows ("PDF"). */
  label: string;
  extensions: readonly string[];
  /** The type stored and served. */
  mimeType: string;
  /** Other types browsers and systems declare for such a file (a CSV from Windows: Excel's). */
  aliases: readonly string[];
  /** Sniffed by magic numbers (file-type); text files have none and are checked for binary bytes instead. */
  isText: boolean;
  /** Shown inline on the document page (`?inline=1`). */
  isPreviewable: boolean;
}

export const DOCUMENT_FILE_TYPES: readonly DocumentFileType[] = [
  {
    label: 'PDF',
    extensions: ['pdf'],
    mimeType: 'application/pdf',
    aliases: ['application/x-pdf'],
    isText: false,
    isPreviewable: true,
  },
  { label: 'PNG', extensions: ['png'], mimeType: 'image/png', aliases: [], isText: false, isPreviewable: true },
  {
    label: 'JPEG',
    extensions: ['jpg', 'jpeg'],
    mimeType: 'image/jpeg',
    aliases: ['image/pjpeg', 'image/jpg'],
    isText: false,
    isPreviewable: true,
  },
  {
    label: 'DOCX',
    extensions: ['docx'],
    mimeType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    aliases: [],
    isText: false,
    isPreviewable: false,
  },
  {
    label: 'XLSX',
    extensions: ['xlsx'],
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    aliases: [],
    isText: false,
    isPreviewable: false,
  },
  {
    label: 'CSV',
    extensions: ['csv'],
    mimeType: 'text/csv',
    aliases: ['application/csv', 'text/comma-separated-values', 'application/vnd.ms-excel', 'text/plain'],
    isText: true,
    isPreviewable: false,
  },
  { label: 'TXT', extensions: ['txt'], mimeType: 'text/plain', aliases: [], isText: true, isPreviewable: false },
];

/** The `accept` attribute of the file picker: extensions and types. */
export const DOCUMENT_ACCEPT = DOCUMENT_FILE_TYPES.flatMap((type) => [
  ...type.extensions.map((extension) => `.${extension}`),
  type.mimeType,
]).join(',');

/** "PDF, PNG, JPEG, DOCX, XLSX, CSV, TXT". */
export const DOCUMENT_TYPE_LABELS = DOCUMENT_FILE_TYPES.map((type) => type.label).join(', ');

/** The lower-case extension of a file name, without the dot ('' when it has none). */
export function fileExtension(fileName: string): string {
  const dot = fileName.lastIndexOf('.');
  return dot > 0 ? fileName.slice(dot + 1).toLowerCase() : '';
}

export function fileTypeByName(fileName: string): DocumentFileType | undefined {
  const extension = fileExtension(fileName);
  return DOCUMENT_FILE_TYPES.find((type) => type.extensions.includes(extension));
}

export function isPreviewableType(mimeType: string): boolean {
  return DOCUMENT_FILE_TYPES.some((type) => type.mimeType === mimeType && type.isPreviewable);
}

export const isImageType = (mimeType: string) => mimeType.startsWith('image/');

/** The default upload limit (20 MiB, `MAX_UPLOAD_BYTES`); the server's own limit is the one enforced. */
export const DEFAULT_MAX_UPLOAD_BYTES = 20 * 1024 * 1024;
