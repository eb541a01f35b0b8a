/**
 * The inverse change of a restore (issue 51), computed without the database so it can be tested on
 * its own: which fields a restore sets back, and which of them someone changed again since.
 */
import type { AsOfEntityType } from '@/lib/server/history/as-of';

/**
 * The fields a restore may set back, per record: those its edit form and `PATCH` change (the same
 * service applies them), plus an account's status (suspend or resume). Everything else the history
 * holds (a document's file, a whitelist entry's kind, timestamps) follows from other actions.
 */
export const RESTORABLE_FIELDS: Readonly<Record<AsOfEntityType, readonly string[]>> = {
  account: [
    'name',
    'legalForm',
    'street',
    'zip',
    'city',
    'country',
    'contactName',
    'contactEmail',
    'contactPhone',
    'vatId',
    'employeeCount',
    'notes',
    'benefits',
    'distributorId',
    'status',
  ],
  user: ['firstName', 'lastName', 'phone', 'role', 'accountId', 'locale'],
  task: ['title', 'description', 'status', 'priority', 'dueDate', 'assigneeId', 'accountId'],
  whitelist_entry: ['value', 'note', 'validUntil'],
  document: ['title', 'category', 'description'],
};

/** JSON with the keys of every object sorted, so `{a, b}` and `{b, a}` are one value. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}

/** Whether two field values are the same (a missing value is null). */
export const sameValue = (a: unknown, b: unknown): boolean => canonical(a) === canonical(b);

export interface RestorePlan {
  /** Field → the value the restore sets (only fields that differ now). */
  changes: Record<string, unknown>;
  /**
   * Fields someone changed again after the entry being undone (its "after" is not the value now):
   * undoing it would silently overwrite that later change, so the restore is refused (409).
   */
  conflicts: string[];
}

/**
 * Back to the state as of a moment: every restorable field whose value then differs from now.
 * A field the history does not name then (`undefined`) is left as it is.
 */
export function planFromState(
  entityType: AsOfEntityType,
  then: Readonly<Record<string, unknown>>,
  now: Readonly<Record<string, unknown>>,
): RestorePlan {
  const changes: Record<string, unknown> = {};
  for (const field of RESTORABLE_FIELDS[entityType]) {
    if (!Object.hasOwn(then, field)) continue;
    if (!sameValue(then[field], now[field])) changes[field] = then[field] ?? null;
  }
  return { changes, conflicts: [] };
}

/**
 * Undo one history entry: each restorable field it changed goes back to its `before` — unless the
 * field's value now is no longer the entry's `after` (changed again since: a conflict, three-way as
 * the edit forms' conflict panel compares base, theirs and mine). A field already back at its
 * `before` needs nothing.
 */
export function planFromEntry(
  entityType: AsOfEntityType,
  fields: readonly { field: string; before: unknown; after: unknown }[],
  now: Readonly<Record<string, unknown>>,
): RestorePlan {
  const restorable = new Set(RESTORABLE_FIELDS[entityType]);
  const changes: Record<string, unknown> = {};
  const conflicts: string[] = [];
  for (const { field, before, after } of fields) {
    if (!restorable.has(field) || sameValue(before, now[field])) continue;
    if (!sameValue(after, now[field])) conflicts.push(field);
    else changes[field] = before ?? null;
  }
  return { changes, conflicts: conflicts.sort() };
}
