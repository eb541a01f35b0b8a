import { useEffect, useEffectEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { z } from 'zod';
import type { ValidationTranslator } from '@/lib/format/zod-error-map';
import { onFirstInteraction } from '@/components/ui/on-first-interaction';
import { loadFormErrorSummary } from './form-error-summary';
import type { FieldValues } from './form-paths';
import type { Resolver, SchemaIssue } from './form-store';
import { useForm, type UseFormReturn } from './use-form';

type Schema<Input, Output> = z.ZodType<Output, Input>;

/**
 * Where a form's schema comes from: the schema itself, or a function answering it, usually
 * through `import()`, so that zod (~50 kB gzip) is not part of the page's first load (issue 15).
 * The function is called again for each validation (the module cache makes that cheap), so it may
 * close over the form's current props.
 */
export type SchemaSource<Input, Output> =
  Schema<Input, Output> | (() => Schema<Input, Output> | Promise<Schema<Input, Output>>);

/** The error map: loaded once, after the page is interactive. */
const loadErrorMap = () => import('@/lib/format/zod-error-map').then((module) => module.createZodErrorMap);

/** zod's issues as the form's: a dotted path (`benefits.0.amountCents`, `''` for the whole form) and the message. */
export function schemaIssuesOf(issues: readonly z.core.$ZodIssue[]): SchemaIssue[] {
  return issues.map((issue) => ({ path: issue.path.map(String).join('.'), type: issue.code, message: issue.message }));
}

/**
 * `useForm` validated by a shared zod schema, with field messages in the UI language (schema
 * messages first, then the catalogue's `validation.*`): a field from its first blur and then on
 * every change, every field on submit. The error summary takes the focus on a failed submit.
 *
 * zod and the schema load at the page's first focus or press (and at the latest on the first
 * validation), so the form is server-rendered and interactive without them.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: SchemaSource<Input, Output>,
  options: { defaultValues: NoInfer<Input> },
): UseFormReturn<Input, Output> {
  const t = useTranslations('validation') as unknown as ValidationTranslator;
  const locale = useLocale();
  // The form takes the resolver of every render, so it sees the current props.
  const resolver: Resolver<Input, Output> = async (values) => {
    const [createZodErrorMap, resolved] = await Promise.all([
      loadErrorMap(),
      typeof schema === 'function' ? schema() : schema,
    ]);
    const result = await resolved.safeParseAsync(values, { error: createZodErrorMap(t, locale) });
    return result.success ? { values: result.data } : { issues: schemaIssuesOf(result.error.issues) };
  };
  const warmUp = useEffectEvent(() => {
    void loadErrorMap().catch(() => undefined);
    void loadFormErrorSummary().catch(() => undefined);
    if (typeof schema === 'function') void Promise.resolve(schema()).catch(() => undefined);
  });
  // Once, at the first focus or press after hydration: the first blur then does not wait for the
  // network, and the page's load does not evaluate zod (a long task on a slow phone).
  useEffect(() => onFirstInteraction(() => warmUp()), []);

  return useForm<Input, Output>({ defaultValues: options.defaultValues, resolver });
}
