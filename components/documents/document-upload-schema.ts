import { documentMetadataSchema, type DocumentCategory } from '@/lib/schemas/document';
import { z } from '@/lib/schemas/zod';

/** What the upload form holds before validation. */
export interface UploadFormValues {
  title: string;
  category: DocumentCategory | '';
  accountId: string | null;
  description: string;
  file: File | null;
}

export type UploadFormOutput = z.output<typeof documentMetadataSchema> & { file: File };

export interface UploadSchemaOptions {
  /** The message when no file is chosen. */
  fileRequired: string;
  /** The message when no account is chosen and a general document is not allowed. */
  accountRequired: string;
  /** Admin and back office may upload general documents (no account). */
  mayUploadGeneral: boolean;
}

/**
 * The upload form's rule: the API's metadata schema plus the file, and an account unless general
 * documents are allowed. Loaded on demand (`useZodForm`), so zod stays out of the page's first load.
 */
export function documentUploadSchema({ fileRequired, accountRequired, mayUploadGeneral }: UploadSchemaOptions) {
  return documentMetadataSchema
    .extend({
      file: z.custom<File>((value) => typeof File !== 'undefined' && value instanceof File, {
        message: fileRequired,
      }),
    })
    .refine((values) => mayUploadGeneral || values.accountId !== null, {
      path: ['accountId'],
      message: accountRequired,
    }) as unknown as z.ZodType<UploadFormOutput, UploadFormValues>;
}
