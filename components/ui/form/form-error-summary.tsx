'use client';

import type { ReactNode } from 'react';
import { clientOnly } from '@/components/ui/client-only';
import type { FieldValues } from './form-paths';
import type { FormErrorSummaryProps } from './form-error-summary-panel';

export type { FormErrorSummaryProps } from './form-error-summary-panel';

/** The summary's code; `useZodForm` and `useLightForm` fetch it at the page's first focus or press. */
export const loadFormErrorSummary = () =>
  import('./form-error-summary-panel').then((module) => module.FormErrorSummaryPanel);

const Panel = clientOnly(loadFormErrorSummary) as <T extends FieldValues>(props: FormErrorSummaryProps<T>) => ReactNode;

/**
 * The error summary of a form (`FormErrorSummaryPanel`): nothing before the first submit, so its
 * code is not part of the form's first load (issue 30).
 */
export function FormErrorSummary<T extends FieldValues>(props: FormErrorSummaryProps<T>) {
  return props.submitCount === 0 ? null : <Panel {...props} />;
}
