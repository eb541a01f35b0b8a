import type { FieldPath, FieldValues, UseFormSetError } from './use-form';

/** The API's `details` of a 422 answer (lib/schemas/common errorBodySchema). */
export interface ServerErrorDetail {
  path: string;
  message: string;
  /** The problem's key in the catalogue `validation.*`. */
  code?: string;
  params?: Record<string, string | number>;
}

export interface ApplyServerErrorsOptions {
  /** The form's field paths (or a test); details for other paths become the root error. Default: all are fields. */
  fields?: readonly string[] | ((path: string) => boolean);
  /** Default `server`: unmatched messages land in `errors.root.server`. */
  rootKey?: string;
  /** The text shown for a detail, e.g. `useProblemText()` (by its `code`, in the UI's language). */
  translate?: (detail: ServerErrorDetail) => string;
}

export interface ApplyServerErrorsResult {
  /** Field paths that received an error. */
  applied: string[];
  /** Details that did not belong to a field (shown as the root error). */
  unmatched: ServerErrorDetail[];
}

/** `benefits[0].amountCents` → `benefits.0.amountCents`; `(root)` and `` → no field. */
export function normaliseErrorPath(path: string): string {
  if (path === '(root)') return '';
  return path
    .replace(/\[(\d+)\]/g, '.$1')
    .replace(/^\/+|^\.+/, '')
    .replace(/\//g, '.');
}

/**
 * Puts the API's validation messages onto the form's fields, so a server-side rule (unique
 * customer number, a PLZ the client did not check) shows where the user fixes it. The first
 * message per field wins; details without a field become `errors.root.<rootKey>`.
 */
export function applyServerErrors<T extends FieldValues>(
  setError: UseFormSetError<T>,
  details: readonly ServerErrorDetail[] | null | undefined,
  options: ApplyServerErrorsOptions = {},
): ApplyServerErrorsResult {
  const { fields, rootKey = 'server', translate = (detail: ServerErrorDetail) => detail.message } = options;
  const isField =
    fields === undefined ? () => true : typeof fields === 'function' ? fields : (path: string) => fields.includes(path);
  const applied: string[] = [];
  const unmatched: ServerErrorDetail[] = [];

  for (const detail of details ?? []) {
    const path = normaliseErrorPath(detail.path);
    if (path && isField(path)) {
      if (!applied.includes(path)) {
        setError(path as FieldPath<T>, { type: 'server', message: translate(detail) });
        applied.push(path);
      }
    } else {
      unmatched.push(detail);
    }
  }
  if (unmatched.length > 0) {
    setError(`root.${rootKey}`, { type: 'server', message: unmatched.map(translate).join(' ') });
  }
  return { applied, unmatched };
}
