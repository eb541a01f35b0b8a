import type { ChangeField } from '@/lib/server/db/schema';

/** How the history names a person: their name, else their e-mail address. */
export const userLabel = (user: { firstName: string; lastName: string; email: string }): string =>
  `${user.firstName} ${user.lastName}`.trim() || user.email;

/** The history's fields of a new record: every value that was set (empty ones are left out). */
export function createdFields(values: Record<string, unknown>): (ChangeField & { before: null })[] {
  return Object.entries(values)
    .filter(
      ([, value]) =>
        value !== null && value !== undefined && value !== '' && !(Array.isArray(value) && value.length === 0),
    )
    .map(([field, after]) => ({ field, before: null, after }));
}
