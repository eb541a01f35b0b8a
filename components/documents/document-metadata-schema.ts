import { documentMetadataSchema } from '@/lib/schemas/document';
import { z } from '@/lib/schemas/zod';

const { title, category, description } = documentMetadataSchema.shape;

/** The inline edit's rule, loaded on demand (`useZodForm`), so zod stays out of the page's first load. */
export const documentEditSchema = z.strictObject({ title, category, description });
