import { z } from '@/lib/schemas/zod';
import { userInviteSchema } from '@/lib/schemas/user';

/**
 * Managers belong to an account, nobody else does (the shared schema's rule). An account picked
 * before the role changed away from manager is dropped rather than refused; a manager without one
 * gets the error with `when`, so one submit shows it together with the other fields' errors.
 */
function withAccountRule<T extends z.ZodType<{ role?: unknown; accountId?: unknown }>>(schema: T, required: string) {
  return z.preprocess(
    (value) =>
      value && typeof value === 'object' && (value as { role?: unknown }).role !== 'manager'
        ? { ...value, accountId: null }
        : value,
    schema.refine((value) => value.role !== 'manager' || Boolean(value.accountId), {
      path: ['accountId'],
      message: required,
      when: () => true,
    }),
  );
}

const { email, firstName, lastName, phone, role, accountId, locale } = userInviteSchema.shape;
const inviteShape = { email, firstName, lastName, phone, role, accountId, locale };
const editShape = { firstName, lastName, phone, role, accountId, locale };

const built = new Map<string, z.ZodType>();

/**
 * The user form's schema (invite or edit), loaded on demand (`useZodForm`) so that zod stays out
 * of the page's first load; `accountRequired` is the message in the UI's language.
 */
export function userFormSchema(isEdit: boolean, accountRequired: string): z.ZodType {
  const key = `${isEdit}\u0000${accountRequired}`;
  let schema = built.get(key);
  if (!schema) {
    schema = withAccountRule(z.strictObject(isEdit ? editShape : inviteShape), accountRequired);
    built.set(key, schema);
  }
  return schema;
}
