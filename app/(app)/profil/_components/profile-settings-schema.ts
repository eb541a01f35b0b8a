import { profileUpdateSchema } from '@/lib/schemas/user';
import { z } from '@/lib/schemas/zod';

const { firstName, lastName, phone } = profileUpdateSchema.shape;

/** The personal details' rule, loaded on demand (`useZodForm`), so zod stays out of the page's first load. */
export const personalSchema = z.object({
  firstName: firstName.unwrap(),
  lastName: lastName.unwrap(),
  phone: phone.unwrap(),
});
