import { getIn, setIn, unsetIn, type FieldValues, type Path, type PathValue, type Primitive } from './form-paths';

/** A field's problem: the schema's or the server's. */
export interface FieldError {
  type: string;
  message?: string;
}

/** What `setError` takes. */
export interface ErrorOption {
  type?: string;
  message?: string;
}

type ErrorsOf<V> = [V] extends [Primitive]
  ? FieldError
  : V extends ReadonlyArray<infer E>
    ? { [index: number]: ErrorsOf<NonNullable<E>> | undefined; root?: FieldError } & Partial<FieldError>
    : { [K in keyof V]?: ErrorsOf<NonNullable<V[K]>> } & Partial<FieldError>;

/**
 * The errors of a form, nested like its values: `errors.name`, `errors.benefits[0].amountCents`,
 * `errors.benefits.root` (a rule on the list as a whole) and `errors.root.<key>` (no field).
 */
export type FieldErrors<T extends FieldValues = FieldValues> = { [K in keyof T]?: ErrorsOf<NonNullable<T[K]>> } & {
  root?: Record<string, FieldError> & Partial<FieldError>;
};

/** A problem the schema found: where (a dotted path; `''` for the form as a whole) and what. */
export interface SchemaIssue {
  path: string;
  type: string;
  message: string;
}

/** Checks every value at once: the schema's output, or its issues in the schema's order. */
export type Resolver<T, O> = (
  values: T,
) => Promise<{ values: O; issues?: never } | { values?: never; issues: SchemaIssue[] }>;

export interface FormState<T extends FieldValues> {
  errors: FieldErrors<T>;
  /** Completed submits; the error summary takes the focus after each failed one. */
  submitCount: number;
  isSubmitted: boolean;
  isSubmitting: boolean;
}

/** How `register` reads its element's value. */
export interface RegisterOptions {
  /** A number input's value as a number (`NaN` when empty or not a number). */
  valueAsNumber?: boolean;
  /** Turns the element's value into the form's (after `valueAsNumber`). */
  setValueAs?: (value: never) => unknown;
  /** Runs after the form took the new value. */
  onChange?: (event: { target: { value: string } }) => void;
}

type Element = HTMLInputElement | HTMLSelectElement | HTMLTextAreaElement;
type Listener = () => void;

let nextKey = 0;
const newKey = () => `row-${(nextKey += 1)}`;

/** The element's value as the form holds it. */
function readElement(element: Element, options: RegisterOptions | undefined): unknown {
  let value: unknown;
  if (element instanceof HTMLInputElement && element.type === 'checkbox') value = element.checked;
  else if (options?.valueAsNumber) value = element.value === '' ? Number.NaN : Number(element.value);
  else value = element.value;
  return options?.setValueAs ? (options.setValueAs as (raw: unknown) => unknown)(value) : value;
}

/** A value as an uncontrolled element shows it. */
export function elementValueOf(value: unknown): string {
  if (value === null || value === undefined) return '';
  if (typeof value === 'number' && Number.isNaN(value)) return '';
  return String(value);
}

function writeElement(element: Element, value: unknown) {
  if (element instanceof HTMLInputElement && element.type === 'checkbox') element.checked = Boolean(value);
  else element.value = elementValueOf(value);
}

/** The errors of `issues`, nested; the first issue of a path wins. An issue on a list goes to `<list>.root`. */
export function nestIssues<T extends FieldValues>(issues: readonly SchemaIssue[], lists: ReadonlySet<string>) {
  let errors = {} as FieldErrors<T>;
  for (const issue of issues) {
    const path = issue.path === '' ? 'root' : lists.has(issue.path) ? `${issue.path}.root` : issue.path;
    if (getIn(errors, path) !== undefined) continue;
    errors = setIn(errors, path, { type: issue.type, message: issue.message }, false);
  }
  return errors;
}

/**
 * The state of one form, outside React: values, errors, touched fields, the keys of its lists and
 * the elements its fields are bound to. Every change replaces the objects along its path (never
 * mutates them), so `useSyncExternalStore` subscribers re-render only when what they read changed:
 * typing in a field re-renders nothing until its message changes.
 *
 * It validates like react-hook-form's `onTouched` mode with a resolver: a field on its first
 * blur, and then on every change and blur; every field on submit, and after a submit on every
 * change (not on blur); a list after a row is added or removed. Of a field's checks, the newest one's answer counts.
 */
export class FormStore<T extends FieldValues, O = T> {
  values: T;
  state: FormState<T>;
  /** Paths of fields the user has left at least once. */
  touched: ReadonlySet<string> = new Set();
  private resolver: Resolver<T, O> | undefined;
  private defaults: T;
  private readonly listeners = new Set<Listener>();
  private readonly options = new Map<string, RegisterOptions>();
  /** Uncontrolled elements (`register`), written to by `setValue` and `reset`. */
  private readonly elements = new Map<string, Element>();
  /** Controlled ones (`Controller`): only focused. */
  private readonly controlled = new Map<string, HTMLElement>();
  private readonly lists = new Map<string, readonly string[]>();
  private readonly checks = new Map<string, number>();
  private pendingFocus: string | null = null;
  private submitting = false;

  constructor(defaults: T) {
    this.defaults = defaults;
    this.values = defaults;
    this.state = { errors: {} as FieldErrors<T>, submitCount: 0, isSubmitted: false, isSubmitting: false };
  }

  /** The resolver of the latest render (it may close over the form's current props). */
  setResolver(resolver: Resolver<T, O> | undefined) {
    this.resolver = resolver;
  }

  subscribe = (listener: Listener) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  private notify() {
    for (const listener of this.listeners) listener();
  }

  private setState(patch: Partial<FormState<T>>) {
    this.state = { ...this.state, ...patch };
    this.notify();
  }

  getValue(path: string): unknown {
    return getIn(this.values, path);
  }

  /** A ref callback keeping `map[name]` on the element while it is mounted (a later element of the name wins). */
  private bindIn<E extends HTMLElement>(map: Map<string, E>, name: string) {
    let bound: E | null = null;
    return (element: E | null) => {
      if (element) map.set(name, (bound = element));
      else if (bound && map.get(name) === bound) {
        map.delete(name);
        bound = null;
      }
    };
  }

  /**
   * Binds an uncontrolled element to `name`; answers the ref callback. An element that, when it first
   * binds, shows another value than the form holds was changed before the form's code ran (typed into
   * the server-rendered field on a slow phone, or restored by the browser): that value is the field's.
   */
  bindElement(name: string, options: RegisterOptions | undefined) {
    if (options) this.options.set(name, options);
    else this.options.delete(name);
    const bind = this.bindIn(this.elements, name);
    return (element: Element | null) => {
      bind(element);
      // The ref callback is new on every render: look at each element once, when it mounts.
      if (!element || this.seen.has(element)) return;
      this.seen.add(element);
      if (this.showsOtherValue(name, element)) this.changeFromElement(name, element);
    };
  }

  private readonly seen = new WeakSet<Element>();

  private showsOtherValue(name: string, element: Element) {
    if (element instanceof HTMLInputElement && (element.type === 'file' || element.type === 'radio')) return false;
    const value = this.getValue(name);
    // A select whose options do not (yet) hold the form's value shows another option without anyone choosing it.
    if (
      element instanceof HTMLSelectElement &&
      !Array.from(element.options).some((option) => option.value === elementValueOf(value))
    ) {
      return false;
    }
    const isField =
      element instanceof HTMLInputElement ||
      element instanceof HTMLSelectElement ||
      element instanceof HTMLTextAreaElement;
    return isField && !Object.is(readElement(element, this.options.get(name)), value);
  }

  /** Binds a controlled field's element (only ever focused). */
  bindControlled(name: string) {
    return this.bindIn(this.controlled, name);
  }

  /** The user changed an uncontrolled element. */
  changeFromElement(name: string, element: Element) {
    this.change(name, readElement(element, this.options.get(name)));
  }

  /** The user changed `name` to `value`. */
  change(name: string, value: unknown) {
    this.values = setIn(this.values, name, value);
    this.notify();
    if (this.touched.has(name) || this.state.isSubmitted) void this.checkField(name);
  }

  blur(name: string) {
    if (!this.touched.has(name)) this.touched = new Set(this.touched).add(name);
    this.notify();
    // After a submit only changes are checked: leaving a field (for the error summary, say) keeps its server error.
    if (!this.state.isSubmitted) void this.checkField(name);
  }

  setValue(name: string, value: unknown, options: { shouldValidate?: boolean } = {}) {
    this.values = setIn(this.values, name, value);
    const element = this.elements.get(name);
    if (element) writeElement(element, value);
    this.notify();
    if (options.shouldValidate) void this.checkField(name);
  }

  setError(name: string, error: ErrorOption) {
    // A check of the field still under way answers for older values: it is dropped.
    this.checks.set(name, (this.checks.get(name) ?? 0) + 1);
    this.setState({
      errors: setIn(this.state.errors, name, { type: error.type ?? 'server', message: error.message ?? '' }, false),
    });
  }

  /** New defaults (or the old ones), every error, touch and submit forgotten, the elements showing the values. */
  reset(values?: T) {
    if (values) this.defaults = values;
    this.values = this.defaults;
    this.touched = new Set();
    this.dropPendingChecks();
    for (const name of this.lists.keys()) this.lists.set(name, this.keysFor(name, true));
    for (const [name, element] of this.elements) writeElement(element, this.getValue(name));
    this.setState({ errors: {} as FieldErrors<T>, submitCount: 0, isSubmitted: false, isSubmitting: false });
  }

  /** Every check under way answers for values that are gone: none of them may set an error. */
  private dropPendingChecks() {
    for (const name of this.checks.keys()) this.checks.set(name, (this.checks.get(name) ?? 0) + 1);
  }

  private async resolve() {
    if (!this.resolver) return { values: this.values as unknown as O, issues: undefined };
    return this.resolver(this.values);
  }

  private nest(issues: readonly SchemaIssue[] | undefined) {
    return nestIssues<T>(issues ?? [], new Set(this.lists.keys()));
  }

  /** Checks every value; the answer replaces the errors at `paths` only (a field, and its list's own rule). */
  private async check(key: string, paths: readonly string[]) {
    const run = (this.checks.get(key) ?? 0) + 1;
    this.checks.set(key, run);
    const result = await this.resolve();
    if (this.checks.get(key) !== run) return;
    const found = this.nest(result.issues);
    let errors = this.state.errors;
    for (const path of paths) {
      const error = getIn(found, path);
      errors = error === undefined ? unsetIn(errors, path) : setIn(errors, path, error, false);
    }
    if (errors !== this.state.errors) this.setState({ errors });
  }

  private listOf(name: string): string | undefined {
    for (const list of this.lists.keys()) if (name.startsWith(`${list}.`)) return list;
    return undefined;
  }

  checkField(name: string) {
    const list = this.listOf(name);
    return this.check(name, list ? [name, `${list}.root`] : [name]);
  }

  /** Validates everything, then runs `onValid` with the schema's output; a second submit meanwhile is ignored. */
  async submit(onValid: (values: O) => unknown) {
    if (this.submitting) return;
    this.submitting = true;
    this.dropPendingChecks();
    this.setState({ isSubmitting: true, errors: unsetIn(this.state.errors, 'root') });
    try {
      const result = await this.resolve();
      this.setState({ errors: this.nest(result.issues) });
      if (!result.issues?.length) await onValid(result.values as O);
    } finally {
      this.submitting = false;
      this.setState({ isSubmitting: false, isSubmitted: true, submitCount: this.state.submitCount + 1 });
    }
  }

  /** The stable keys of a list's rows (React's `key`), made for its current rows on first use. */
  keysFor(name: string, renew = false): readonly string[] {
    const known = this.lists.get(name);
    if (known && !renew) return known;
    const rows = this.getValue(name);
    const keys = Array.isArray(rows) ? rows.map(() => newKey()) : [];
    this.lists.set(name, keys);
    return keys;
  }

  append(name: string, row: unknown, focusName?: string) {
    const rows = (this.getValue(name) as unknown[] | undefined) ?? [];
    this.values = setIn(this.values, name, [...rows, row]);
    this.lists.set(name, [...this.keysFor(name), newKey()]);
    this.pendingFocus = focusName ?? null;
    this.notify();
    void this.check(name, [name]);
  }

  remove(name: string, index: number) {
    const rows = (this.getValue(name) as unknown[] | undefined) ?? [];
    this.values = setIn(
      this.values,
      name,
      rows.filter((_, other) => other !== index),
    );
    this.lists.set(
      name,
      this.keysFor(name).filter((_, other) => other !== index),
    );
    // The rows below move up: so do their touches.
    const prefix = `${name}.`;
    const touched = new Set<string>();
    for (const path of this.touched) {
      const match = path.startsWith(prefix) ? /^(\d+)(\..*)?$/.exec(path.slice(prefix.length)) : null;
      const row = match ? Number(match[1]) : -1;
      if (row === index) continue;
      touched.add(row > index ? `${prefix}${row - 1}${match?.[2] ?? ''}` : path);
    }
    this.touched = touched;
    this.notify();
    void this.check(name, [name]);
  }

  /** After a row was added: its first control takes the focus. */
  focusPending() {
    if (!this.pendingFocus) return;
    const element = this.elements.get(this.pendingFocus) ?? this.controlled.get(this.pendingFocus);
    this.pendingFocus = null;
    element?.focus();
  }
}

export type { FieldValues, Path, PathValue };
