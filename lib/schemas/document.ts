import { z } from './zod';
import { bulkActionSchema, versionedBulkActionSchema } from './bulk';
import { listQuerySchema, listResponseSchema, queryBoolean } from './list';
import { multiLineText, singleLineText } from './text';
import { DOCUMENT_CATEGORIES, DOCUMENT_DESCRIPTION_MAX, DOCUMENT_TITLE_MAX } from './document-constants';

export * from './document-constants';

export const documentCategorySchema = z.enum(DOCUMENT_CATEGORIES);
export type DocumentCategory = z.infer<typeof documentCategorySchema>;

const titleSchema = singleLineText().min(1, 'Pflichtfeld.').max(DOCUMENT_TITLE_MAX, 'Höchstens 200 Zeichen.');
const descriptionSchema = multiLineText().max(DOCUMENT_DESCRIPTION_MAX, 'Höchstens 5000 Zeichen.');

/** What the upload form asks besides the file: one schema for the form and the API. */
export const documentMetadataSchema = z
  .strictObject({
    title: titleSchema,
    category: documentCategorySchema,
    /** `null`: a general document, visible to everyone with documents.read (admin and back office only). */
    accountId: z.uuid().nullable(),
    description: descriptionSchema,
  })
  .meta({ id: 'DocumentMetadata' });
export type DocumentMetadata = z.infer<typeof documentMetadataSchema>;

/**
 * `POST /documents` is multipart/form-data: these text parts and one file part `file`. Form
 * fields are strings, so an empty `accountId` means none.
 */
export const documentCreateFieldsSchema = z
  .strictObject({
    title: titleSchema,
    category: documentCategorySchema,
    accountId: z
      .union([z.literal(''), z.uuid()])
      .default('')
      .transform((value) => value || null),
    description: descriptionSchema.default(''),
  })
  .meta({ id: 'DocumentCreateFields' });

/** `POST /documents/{id}/versions`: only the file part. */
export const documentVersionFieldsSchema = z.strictObject({}).meta({ id: 'DocumentVersionFields' });

export const documentUpdateSchema = z
  .strictObject({
    title: titleSchema,
    category: documentCategorySchema,
    description: descriptionSchema,
    version: z.number().int().min(1),
  })
  .partial()
  .meta({ id: 'DocumentUpdate' });
export type DocumentUpdateInput = z.input<typeof documentUpdateSchema>;

export const documentVersionSchema = z
  .object({
    number: z.number().int(),
    fileName: z.string(),
    mimeType: z.string(),
    sizeBytes: z.number().int(),
    sha256: z.string(),
    uploadedById: z.uuid().nullable(),
    uploadedByName: z.string().nullable(),
    uploadedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'DocumentVersion' });
export type DocumentVersion = z.infer<typeof documentVersionSchema>;

export const documentSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    category: documentCategorySchema,
    accountId: z.uuid().nullable(),
    accountName: z.string().nullable(),
    /** The account is archived: the document is read-only. */
    isReadOnly: z.boolean(),
    description: z.string(),
    currentVersion: z.number().int(),
    /** Newest first. */
    versions: z.array(documentVersionSchema),
    createdById: z.uuid().nullable(),
    createdByName: z.string().nullable(),
    version: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'Document' });
export type Document = z.infer<typeof documentSchema>;

export const documentListItemSchema = z
  .object({
    id: z.uuid(),
    title: z.string(),
    category: documentCategorySchema,
    accountId: z.uuid().nullable(),
    accountName: z.string().nullable(),
    currentVersion: z.number().int(),
    fileName: z.string(),
    mimeType: z.string(),
    sizeBytes: z.number().int(),
    createdAt: z.iso.datetime({ offset: true }),
    updatedAt: z.iso.datetime({ offset: true }),
  })
  .meta({ id: 'DocumentListItem' });
export type DocumentListItem = z.infer<typeof documentListItemSchema>;

export const DOCUMENT_SORT_FIELDS = ['title', 'category', 'account', 'updatedAt', 'createdAt'] as const;
export const documentListQuerySchema = listQuerySchema(DOCUMENT_SORT_FIELDS, 'title')
  .extend({
    category: documentCategorySchema.optional(),
    accountId: z.uuid().optional(),
    /** Only general documents (no account). */
    general: queryBoolean.optional(),
  })
  .strict()
  .meta({ id: 'DocumentListQuery' });
export type DocumentListQuery = z.infer<typeof documentListQuerySchema>;
export const documentListSchema = listResponseSchema(documentListItemSchema).meta({ id: 'DocumentList' });
export const documentExportQuerySchema = documentListQuerySchema
  .omit({ page: true, perPage: true })
  .meta({ id: 'DocumentExportQuery' });

export const documentVersionParamsSchema = z.strictObject({
  id: z.uuid(),
  n: z.coerce.number().int().min(1).max(1_000_000),
});
export const documentContentQuerySchema = z
  .strictObject({
    /** PDF and images only: shown in the browser (with a CSP sandbox) instead of downloaded. */
    inline: queryBoolean.optional(),
  })
  .meta({ id: 'DocumentContentQuery' });

/** `POST /documents/bulk`: set the category of many documents, or delete them (issue 26). */
export const documentBulkSchema = z
  .discriminatedUnion('action', [
    versionedBulkActionSchema('set_category', { category: documentCategorySchema }).meta({
      id: 'DocumentBulkSetCategory',
    }),
    versionedBulkActionSchema('delete', {}).meta({ id: 'DocumentBulkDelete' }),
    // Issue 51: the undo of a bulk delete (the same rules as POST /documents/{id}/restore).
    bulkActionSchema('restore', {}).meta({ id: 'DocumentBulkRestore' }),
  ])
  .meta({ id: 'DocumentBulk' });
export type DocumentBulkInput = z.input<typeof documentBulkSchema>;
