'use client';

import { useEffect, useId, useRef, type MouseEvent } from 'react';
import type { FieldErrors, FieldValues } from './use-form';
import { useTranslations } from 'next-intl';
import { fieldId } from './field-id';
import { useProblemText } from './problem-text';

export interface FlatFieldError {
  /** `name`, `benefits.0.amountCents`, `benefits` (array-level) or `root.<key>` (no field). */
  path: string;
  message: string;
}

const LEAF_KEYS = new Set(['type', 'message', 'ref', 'types']);

/** The form's nested errors (`useForm`) as a flat list in form order. */
export function flattenFieldErrors(errors: FieldErrors | undefined, prefix = ''): FlatFieldError[] {
  const flat: FlatFieldError[] = [];
  if (!errors) return flat;
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== 'object' || LEAF_KEYS.has(key)) continue;
    const isArrayRoot = key === 'root' && prefix !== '';
    const path = isArrayRoot ? prefix : prefix ? `${prefix}.${key}` : key;
    const message = (value as { message?: unknown }).message;
    if (typeof message === 'string' && message) flat.push({ path, message });
    if (!isArrayRoot) flat.push(...flattenFieldErrors(value as FieldErrors, path));
  }
  return flat;
}

export interface FormErrorSummaryProps<T extends FieldValues = FieldValues> {
  /** `formState.errors`. */
  errors: FieldErrors<T>;
  /** `formState.submitCount`: the summary takes focus after each failed submit. */
  submitCount: number;
  /**
   * Field path → label, as a map (`{ name: t('name') }`) or a function (for array rows such as
   * `benefits.0.amountCents`); errors without a label show the message alone.
   */
  labels?: Partial<Record<string, string>> | ((path: string) => string | undefined);
  title?: string;
  /** The id FormField gave a field, if not the default. */
  idFor?: (path: string) => string;
  className?: string;
}

/**
 * After a failed submit: an alert listing every error, each linked to its field; it takes focus
 * so screen readers announce it. Server errors applied later for the same submit focus it too.
 * Forms render it through `FormErrorSummary`, which loads it with the first submit.
 * The form itself never moves the focus, so the two do not compete.
 */
export function FormErrorSummaryPanel<T extends FieldValues>({
  errors,
  submitCount,
  labels = {},
  title,
  idFor = fieldId,
  className,
}: FormErrorSummaryProps<T>) {
  const t = useTranslations('form');
  const titleId = useId();
  const ref = useRef<HTMLDivElement>(null);
  const focusedFor = useRef(0);
  const problemText = useProblemText();
  const items = flattenFieldErrors(errors as FieldErrors).map((item) => ({
    ...item,
    message: problemText(item.message),
  }));
  const count = items.length;

  useEffect(() => {
    if (count > 0 && submitCount > focusedFor.current) {
      focusedFor.current = submitCount;
      ref.current?.focus();
    }
  }, [count, submitCount]);

  if (submitCount === 0 || count === 0) return null;

  const focusField = (event: MouseEvent<HTMLAnchorElement>, path: string) => {
    const target = document.getElementById(idFor(path));
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView?.({ block: 'center' });
  };

  return (
    <div
      ref={ref}
      tabIndex={-1}
      role="alert"
      aria-labelledby={titleId}
      className={`alert alert-danger ${className ?? ''}`}
      data-testid="form-error-summary"
    >
      <h2 id={titleId} className="h6 alert-heading">
        {title ?? t('errorSummaryTitle')}
      </h2>
      <ul className="mb-0">
        {items.map((item) => {
          const label = typeof labels === 'function' ? labels(item.path) : labels[item.path];
          const text = label ? `${label}: ${item.message}` : item.message;
          return (
            <li key={item.path}>
              {item.path.startsWith('root') ? (
                text
              ) : (
                <a
                  href={`#${idFor(item.path)}`}
                  className="alert-link"
                  onClick={(event) => focusField(event, item.path)}
                >
                  {text}
                </a>
              )}
            </li>
          );
        })}
      </ul>
    </div>
  );
}
