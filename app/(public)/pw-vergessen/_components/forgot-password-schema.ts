import { z } from '@/lib/schemas/zod';

/** The form's rule, loaded on demand (`useZodForm`), so zod stays out of the page's first load. */
export const forgotPasswordSchema = z.object({ email: z.string().trim().min(1).max(254).pipe(z.email()) });
