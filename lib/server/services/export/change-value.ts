import 'server-only';

/** A recorded value as one line of text for the CSV: empty for none, JSON for lists and objects. */
export function formatChangeValue(value: unknown): string {
  if (value === null || value === undefined) return '–';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  return JSON.stringify(value);
}
