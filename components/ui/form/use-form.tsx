'use client';

import {
  createContext,
  use,
  useEffect,
  useLayoutEffect,
  useMemo,
  useState,
  useSyncExternalStore,
  type ChangeEvent,
  type FormEvent,
  type ReactNode,
} from 'react';
import { getIn, type FieldValues, type Path, type PathValue } from './form-paths';
import {
  FormStore,
  elementValueOf,
  type ErrorOption,
  type FieldError,
  type FieldErrors,
  type FormState,
  type RegisterOptions,
  type Resolver,
} from './form-store';

/**
 * The form state of every record form: react-hook-form's API as far as these forms use it
 * (`useForm`, `register`, `Controller`, `useFieldArray`, `useWatch`, `FormProvider`), on a small
 * store of our own (`FormStore`), so that a form page does not ship react-hook-form's ~15 KiB
 * gzip (issue 30). Uncontrolled fields are server-rendered with their values (`defaultValue`).
 */

/** The handle `useWatch`, `useFieldArray` and `Controller` take. */
export type Control<T extends FieldValues = FieldValues, O = T> = FormStore<T, O>;

export type UseFormSetError<T extends FieldValues> = (
  name: Path<T> | 'root' | `root.${string}`,
  error: ErrorOption,
) => void;

type ElementLike = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;

/** What `register` gives a native field (spread it into FormField). */
export interface RegisteredField<N extends string> {
  name: N;
  ref: (element: ElementLike | null) => void;
  onChange: (event: ChangeEvent<ElementLike>) => void;
  onBlur: () => void;
  defaultValue?: string;
  defaultChecked?: boolean;
}

export interface UseFormReturn<T extends FieldValues, O = T> {
  control: Control<T, O>;
  register: <N extends Path<T>>(name: N, options?: RegisterOptions) => RegisteredField<N>;
  /** The form's `onSubmit`: validates every field, then runs `onValid` with the schema's output. */
  handleSubmit: (onValid: (values: O) => unknown) => (event?: FormEvent) => Promise<void>;
  formState: FormState<T>;
  setError: UseFormSetError<T>;
  setValue: <N extends Path<T>>(name: N, value: PathValue<T, N>, options?: { shouldValidate?: boolean }) => void;
  getValues: {
    (): T;
    <N extends Path<T>>(name: N): PathValue<T, N>;
  };
  /** New defaults (or the old ones), errors and the submit count cleared. */
  reset: (values?: T) => void;
}

export interface UseFormOptions<T extends FieldValues, O> {
  defaultValues: T;
  resolver?: Resolver<T, O>;
}

/** A value of the store, re-read on each of its changes; React re-renders only when it differs. */
function useStoreValue<V>(store: { subscribe: (listener: () => void) => () => void }, read: () => V): V {
  return useSyncExternalStore(store.subscribe, read, read);
}

export function useForm<T extends FieldValues, O = T>({
  defaultValues,
  resolver,
}: UseFormOptions<T, O>): UseFormReturn<T, O> {
  const [store] = useState(() => {
    const created = new FormStore<T, O>(defaultValues);
    created.setResolver(resolver);
    return created;
  });
  // The resolver of the latest render: it may close over the form's current props.
  useLayoutEffect(() => store.setResolver(resolver));
  const formState = useStoreValue(store, () => store.state);

  const methods = useMemo<Omit<UseFormReturn<T, O>, 'formState'>>(
    () => ({
      control: store,
      register: (name, options) => {
        const value = store.getValue(name);
        return {
          name,
          ref: store.bindElement(name, options),
          onChange: (event) => {
            store.changeFromElement(name, event.target);
            options?.onChange?.(event);
          },
          onBlur: () => store.blur(name),
          ...(typeof value === 'boolean' ? { defaultChecked: value } : { defaultValue: elementValueOf(value) }),
        };
      },
      handleSubmit: (onValid) => async (event) => {
        event?.preventDefault();
        await store.submit(onValid);
      },
      setError: (name, error) => store.setError(name, error),
      setValue: (name, value, options) => store.setValue(name, value, options),
      getValues: ((name?: string) => (name === undefined ? store.values : store.getValue(name))) as UseFormReturn<
        T,
        O
      >['getValues'],
      reset: (values) => store.reset(values),
    }),
    [store],
  );
  return { ...methods, formState };
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any
const FormContext = createContext<UseFormReturn<any, any> | null>(null);

/** Makes the form reachable for the fields below it (`useFormContext`, and the hooks without `control`). */
export function FormProvider<T extends FieldValues, O>({
  children,
  ...form
}: UseFormReturn<T, O> & { children: ReactNode }) {
  return <FormContext value={form}>{children}</FormContext>;
}

export function useFormContext<T extends FieldValues, O = T>(): UseFormReturn<T, O> {
  const form = use(FormContext);
  if (!form) throw new Error('useFormContext: no FormProvider above this component');
  return form as UseFormReturn<T, O>;
}

/** Any form over `T`, whatever its schema's output. */
type AnyControl<T extends FieldValues> = Control<T, unknown>;

function useControl<T extends FieldValues>(control: AnyControl<T> | undefined): AnyControl<T> {
  const form = use(FormContext);
  const found = control ?? (form?.control as AnyControl<T> | undefined);
  if (!found) throw new Error('no control given and no FormProvider above this component');
  return found;
}

/** The current value at `name`; the component re-renders when it changes (and only then). */
export function useWatch<T extends FieldValues = FieldValues, N extends Path<T> = Path<T>>({
  control,
  name,
}: {
  control?: AnyControl<T>;
  name: N;
}): PathValue<T, N> {
  const store = useControl(control);
  return useStoreValue(store, () => store.getValue(name)) as PathValue<T, N>;
}

/** The rows of a list field, each with a stable `id` for React's `key`. */
export function useFieldArray<T extends FieldValues, N extends Path<T>>({
  control,
  name,
}: {
  control?: AnyControl<T>;
  name: N;
}) {
  const store = useControl(control);
  const keys = useStoreValue(store, () => store.keysFor(name));
  useEffect(() => store.focusPending(), [store, keys]);
  type Row = PathValue<T, N> extends ReadonlyArray<infer E> ? E : never;
  return {
    fields: keys.map((id) => ({ id })),
    /** Adds a row; `focusName` takes the focus once it is rendered. */
    append: (row: Row, options: { focusName?: string } = {}) => store.append(name, row, options.focusName),
    remove: (index: number) => store.remove(name, index),
  };
}

export interface ControllerFieldState {
  error: FieldError | undefined;
  isTouched: boolean;
  invalid: boolean;
}

export interface ControllerField<V> {
  name: string;
  value: V;
  /** A new value, or a change event (its target's value). */
  onChange: (valueOrEvent: unknown) => void;
  onBlur: () => void;
  ref: (element: HTMLElement | null) => void;
  disabled?: boolean;
}

/** A controlled field (such as MoneyInput): `render` receives its value, listeners and state. */
export function Controller<T extends FieldValues, N extends Path<T>>({
  control,
  name,
  render,
}: {
  control?: AnyControl<T>;
  name: N;
  render: (props: { field: ControllerField<PathValue<T, N>>; fieldState: ControllerFieldState }) => ReactNode;
}) {
  const store = useControl(control);
  const value = useStoreValue(store, () => store.getValue(name)) as PathValue<T, N>;
  const error = useStoreValue(store, () => getIn(store.state.errors, name)) as FieldError | undefined;
  const isTouched = useStoreValue(store, () => store.touched.has(name));
  const ref = useMemo(() => store.bindControlled(name), [store, name]);
  const field: ControllerField<PathValue<T, N>> = {
    name,
    value,
    onChange: (valueOrEvent) => {
      const target = (valueOrEvent as { target?: unknown } | null)?.target;
      const isEvent = target !== null && typeof target === 'object' && 'value' in target;
      store.change(name, isEvent ? (target as { value: unknown }).value : valueOrEvent);
    },
    onBlur: () => store.blur(name),
    ref,
  };
  return render({ field, fieldState: { error, isTouched, invalid: error !== undefined } });
}

export type { ErrorOption, FieldError, FieldErrors, FieldValues, Path as FieldPath, PathValue, Resolver };
