export { applyServerErrors, normaliseErrorPath, type ServerErrorDetail } from './apply-server-errors';
export { errorIdOf, fieldId, helpIdOf } from './field-id';
export { FormErrorSummary } from './form-error-summary';
export { flattenFieldErrors, type FlatFieldError } from './form-error-summary-panel';
export {
  FormField,
  errorMessageOf,
  type FieldControlProps,
  type FormFieldOption,
  type FormFieldProps,
} from './form-field';
export { MoneyField } from './money-field';
export { MoneyInput } from './money-input';
export { RequiredHint } from './required-hint';
export { useZodForm } from './use-zod-form';
export { useIdempotencyKey } from './use-idempotency-key';
