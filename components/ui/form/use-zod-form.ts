import { useEffect, useEffectEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import { useForm, type FieldValues, type Resolver, type UseFormProps, type UseFormReturn } from 'react-hook-form';
import type { z } from 'zod';
import type { ValidationTranslator } from '@/lib/format/zod-error-map';

type Schema<Input, Output> = z.ZodType<Output, Input>;

/**
 * Where a form's schema comes from: the schema itself, or a function answering it, usually
 * through `import()`, so that zod (~50 kB gzip) is not part of the page's first load (issue 15).
 * The function is called again for each validation (the module cache makes that cheap), so it may
 * close over the form's current props.
 */
export type SchemaSource<Input, Output> =
  Schema<Input, Output> | (() => Schema<Input, Output> | Promise<Schema<Input, Output>>);

/** zod, the resolver and the error map: loaded once, after the page is interactive. */
const loadValidation = () =>
  Promise.all([import('@hookform/resolvers/zod'), import('@/lib/format/zod-error-map')]).then(
    ([{ zodResolver }, { createZodErrorMap }]) => ({ zodResolver, createZodErrorMap }),
  );

/**
 * `useForm` validated by a shared zod schema, with field messages in the UI language (schema
 * messages first, then the catalogue's `validation.*`). The error summary takes the focus on a
 * failed submit, so react-hook-form's own focusing is off unless asked for.
 *
 * zod and the schema load after hydration (and at the latest on the first validation), so the
 * form is server-rendered and interactive without them.
 */
export function useZodForm<Input extends FieldValues, Output>(
  schema: SchemaSource<Input, Output>,
  options: Omit<UseFormProps<Input, unknown, Output>, 'resolver'> = {},
): UseFormReturn<Input, unknown, Output> {
  const t = useTranslations('validation') as unknown as ValidationTranslator;
  const locale = useLocale();
  // react-hook-form takes the options of every render, so the resolver sees the current props.
  const resolver: Resolver<Input, unknown, Output> = async (values, context, resolverOptions) => {
    const [{ zodResolver, createZodErrorMap }, resolved] = await Promise.all([
      loadValidation(),
      typeof schema === 'function' ? schema() : schema,
    ]);
    return zodResolver(resolved, { error: createZodErrorMap(t, locale) })(values, context, resolverOptions);
  };
  const warmUp = useEffectEvent(() => {
    void loadValidation().catch(() => undefined);
    if (typeof schema === 'function') void Promise.resolve(schema()).catch(() => undefined);
  });
  // Once, after hydration: the first blur then does not wait for the network.
  useEffect(() => warmUp(), []);

  return useForm<Input, unknown, Output>({
    mode: 'onTouched',
    shouldFocusError: false,
    ...options,
    resolver,
  });
}
