import { useCallback, useEffect, useEffectEvent, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { useLocale, useTranslations } from 'next-intl';
import type { ErrorOption, FieldErrors } from './form-store';
import type { UseFormSetError } from './use-form';
import type { ValidationTranslator } from '@/lib/format/zod-error-map';
import { onFirstInteraction } from '@/components/ui/on-first-interaction';
import { loadFormErrorSummary } from './form-error-summary';
import type { SchemaSource } from './use-zod-form';

/** The error map alone: these forms need no form store. */
const loadErrorMap = () => import('@/lib/format/zod-error-map').then((module) => module.createZodErrorMap);

export interface LightFieldError {
  type: string;
  message: string;
}

export interface LightForm<Name extends string, Output> {
  /** Spread into a FormField: name, the default, and the listeners that validate it. */
  register: (name: Name) => {
    name: Name;
    defaultValue: string;
    ref: (element: HTMLInputElement | null) => void;
    onBlur: (event: FocusEvent<HTMLInputElement>) => void;
    onChange: () => void;
  };
  /** The form's `onSubmit`: validates every field, then runs `onValid` with the schema's output. */
  handleSubmit: (onValid: (values: Output) => Promise<void> | void) => (event: FormEvent<HTMLFormElement>) => void;
  /** What FormErrorSummary and FormField read, in `useForm`'s shape. */
  formState: {
    errors: FieldErrors<Record<Name, string>>;
    submitCount: number;
    isSubmitting: boolean;
  };
  /** A server's verdict on a field (for `applyServerErrors`); the next check of the field replaces it. */
  setError: UseFormSetError<Record<Name, string>>;
  /** New defaults, every error and the submit count cleared. */
  reset: (values: Record<Name, string>) => void;
}

/**
 * The state of a small form of text fields, validated like `useZodForm` — by a zod schema that
 * loads at the page's first focus or press, messages in the UI's language, each field from its first blur and then
 * on every change, every field on submit — without the form store of `useForm`.
 *
 * For the public forms of one or two fields only (forgotten password, setting a password): they
 * are opened from e-mails, usually with nothing cached, and need nothing of the store's (no
 * lists, no controlled widgets, no watched values). Every other form uses `useZodForm`.
 */
export function useLightForm<Name extends string, Output>(
  schema: SchemaSource<Record<Name, string>, Output>,
  defaults: Record<Name, string>,
): LightForm<Name, Output> {
  const t = useTranslations('validation') as unknown as ValidationTranslator;
  const locale = useLocale();
  const [defaultValues, setDefaultValues] = useState(defaults);
  const [errors, setErrors] = useState<Partial<Record<Name, LightFieldError>>>({});
  const [submitCount, setSubmitCount] = useState(0);
  const [isSubmitting, setSubmitting] = useState(false);
  const elements = useRef(new Map<Name, HTMLInputElement>());
  const touched = useRef(new Set<Name>());
  // A field's newest check wins: an older one that answers later is dropped.
  const checks = useRef(new Map<Name, number>());
  const submitting = useRef(false);

  const names = Object.keys(defaults) as Name[];
  const currentValues = () =>
    Object.fromEntries(names.map((name) => [name, elements.current.get(name)?.value ?? defaultValues[name]])) as Record<
      Name,
      string
    >;

  /** The schema's verdict on the current values: the output, or the first problem of each field. */
  const check = async (): Promise<{ output?: Output; found: Partial<Record<Name, LightFieldError>> }> => {
    // The values of the moment the check was asked for: the newest check of a field is the one that counts.
    const values = currentValues();
    const [createZodErrorMap, resolved] = await Promise.all([
      loadErrorMap(),
      typeof schema === 'function' ? schema() : schema,
    ]);
    const result = await resolved.safeParseAsync(values, { error: createZodErrorMap(t, locale) });
    if (result.success) return { output: result.data, found: {} };
    const found: Partial<Record<Name, LightFieldError>> = {};
    for (const issue of result.error.issues) {
      const name = String(issue.path[0] ?? '') as Name;
      if (names.includes(name) && !found[name]) found[name] = { type: issue.code, message: issue.message };
    }
    return { found };
  };

  const checkField = async (name: Name) => {
    const run = (checks.current.get(name) ?? 0) + 1;
    checks.current.set(name, run);
    const { found } = await check();
    if (checks.current.get(name) !== run) return;
    setErrors((current) => {
      const { [name]: _old, ...rest } = current;
      return (found[name] ? { ...rest, [name]: found[name] } : rest) as Partial<Record<Name, LightFieldError>>;
    });
  };

  const warmUp = useEffectEvent(() => {
    void loadErrorMap().catch(() => undefined);
    void loadFormErrorSummary().catch(() => undefined);
    if (typeof schema === 'function') void Promise.resolve(schema()).catch(() => undefined);
  });
  // Once, at the first focus or press after hydration: the first blur then does not wait for the
  // network, and the page's load does not evaluate zod (a long task on a slow phone).
  useEffect(() => onFirstInteraction(() => warmUp()), []);

  const setError: UseFormSetError<Record<Name, string>> = useCallback((name: string, error: ErrorOption) => {
    // A check of the field still under way would answer for older values: it is dropped.
    checks.current.set(name as Name, (checks.current.get(name as Name) ?? 0) + 1);
    setErrors((current) => ({ ...current, [name]: { type: error.type ?? 'server', message: error.message ?? '' } }));
  }, []);

  return {
    register: (name) => ({
      name,
      defaultValue: defaultValues[name],
      ref: (element) => {
        if (element) elements.current.set(name, element);
        else elements.current.delete(name);
      },
      onBlur: () => {
        touched.current.add(name);
        void checkField(name);
      },
      onChange: () => {
        if (touched.current.has(name) || submitCount > 0) void checkField(name);
      },
    }),
    handleSubmit: (onValid) => (event) => {
      event.preventDefault();
      // A ref, not the state: a second Enter in the same tick must not send twice.
      if (submitting.current) return;
      submitting.current = true;
      setSubmitting(true);
      void (async () => {
        try {
          const { output, found } = await check();
          setErrors(found);
          setSubmitCount((count) => count + 1);
          if (output !== undefined) await onValid(output);
        } finally {
          submitting.current = false;
          setSubmitting(false);
        }
      })();
    },
    formState: { errors: errors as FieldErrors<Record<Name, string>>, submitCount, isSubmitting },
    setError,
    reset: (values) => {
      setDefaultValues(values);
      setErrors({});
      setSubmitCount(0);
      touched.current.clear();
      for (const name of names) {
        const element = elements.current.get(name);
        if (element) element.value = values[name];
      }
    },
  };
}
