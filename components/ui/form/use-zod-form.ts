import { zodResolver } from '@hookform/resolvers/zod';
import { useForm, type FieldValues, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import { useZodErrorMap } from '@/lib/format/zod-locale';

/**
 * `useForm` validated by a shared zod schema, with field messages in the UI language (schema
 * messages first, then the catalogue's `validation.*`). The error summary takes the focus on a
 * failed submit, so react-hook-form's own focusing is off unless asked for.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: z.ZodType<Output, Input>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  const error = useZodErrorMap();
  return useForm<Input, unknown, Output>({
    mode: 'onTouched',
    shouldFocusError: false,
    ...options,
    resolver: zodResolver(schema, { error }),
  });
}
