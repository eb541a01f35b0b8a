import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/schemas/user-rules';
import { z } from '@/lib/schemas/zod';

/**
 * The form's rule with the repetition check's message in the UI language, loaded on demand
 * (`useZodForm`), so zod stays out of the page's first load.
 */
export function passwordChangeSchema(mismatch: string) {
  return z
    .object({
      currentPassword: z.string().min(1).max(1024),
      newPassword: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
      newPasswordRepeat: z.string().min(1),
    })
    .refine((values) => values.newPassword === values.newPasswordRepeat, {
      path: ['newPasswordRepeat'],
      message: mismatch,
      when: () => true,
    });
}
