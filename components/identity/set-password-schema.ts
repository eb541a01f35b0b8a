import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@/lib/schemas/user-rules';
import { z } from '@/lib/schemas/zod';

/**
 * The form's rule with the repetition check's message in the UI language, loaded on demand
 * (`useZodForm`), so zod stays out of the page's first load.
 */
export function setPasswordSchema(mismatch: string) {
  return z
    .object({
      password: z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH),
      passwordRepeat: z.string().min(1),
    })
    .refine((values) => values.password === values.passwordRepeat, {
      path: ['passwordRepeat'],
      message: mismatch,
      when: () => true,
    });
}
