import { emailChangeSchema } from '@/lib/schemas/user';
import { z } from '@/lib/schemas/zod';

/**
 * The form's rule, loaded on demand (`useZodForm`), so zod stays out of the page's first load: the
 * shared e-mail rule; the password check without the schema's German-only message.
 */
export const emailChangeFormSchema = z.object({
  email: emailChangeSchema.shape.email,
  currentPassword: z.string().min(1).max(1024),
});
