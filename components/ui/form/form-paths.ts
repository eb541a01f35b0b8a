/**
 * Dotted paths into a form's values and errors (`benefits.0.amountCents`), typed like
 * react-hook-form's so that a form names its fields once and the compiler checks them.
 */

/** What a field holds as a whole: no path goes inside it. */
export type Primitive = string | number | boolean | bigint | symbol | null | undefined | Date | Blob;

/** Any form's values. `any`, not `unknown`: a form's values are interfaces, which have no index signature. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type FieldValues = Record<string, any>;

type PathOf<K extends string | number, V> = [V] extends [Primitive] ? `${K}` : `${K}` | `${K}.${Path<V>}`;

/** Every path of `T`: `name`, `benefits`, `benefits.${number}`, `benefits.${number}.code`, … */
export type Path<T> =
  T extends ReadonlyArray<infer E>
    ? PathOf<number, NonNullable<E>>
    : { [K in keyof T & string]-?: PathOf<K, NonNullable<T[K]>> }[keyof T & string];

/** The value at a path of `T`. */
export type PathValue<T, P extends string> = P extends `${infer K}.${infer Rest}`
  ? K extends keyof T
    ? PathValue<NonNullable<T[K]>, Rest>
    : T extends ReadonlyArray<infer E>
      ? K extends `${number}`
        ? PathValue<NonNullable<E>, Rest>
        : never
      : never
  : P extends keyof T
    ? T[P]
    : T extends ReadonlyArray<infer E>
      ? P extends `${number}`
        ? E
        : never
      : never;

const isIndex = (key: string) => /^\d+$/.test(key);

type Container = Record<string, unknown> | unknown[];

/** The value at `path`, or `undefined` where the path leads nowhere. */
export function getIn(source: unknown, path: string): unknown {
  let current = source;
  for (const key of path.split('.')) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Record<string, unknown>)[key];
  }
  return current;
}

function copyOf(container: unknown, nextKey: string, arrays: boolean): Container {
  if (Array.isArray(container)) return [...(container as unknown[])];
  if (container !== null && typeof container === 'object') return { ...(container as Record<string, unknown>) };
  return arrays && isIndex(nextKey) ? [] : {};
}

/**
 * A copy of `source` with `value` at `path`; only the containers along the path are copied, so a
 * subscriber to any other path sees the same object as before. Missing containers are made:
 * arrays for numeric keys when `arrays` (values), plain objects otherwise (errors).
 */
export function setIn<T>(source: T, path: string, value: unknown, arrays = true): T {
  const keys = path.split('.');
  const root = copyOf(source, keys[0] ?? '', arrays);
  let parent: Record<string, unknown> = root as Record<string, unknown>;
  for (let index = 0; index < keys.length - 1; index += 1) {
    const key = keys[index] as string;
    const child = copyOf(parent[key], keys[index + 1] as string, arrays);
    parent[key] = child;
    parent = child as Record<string, unknown>;
  }
  parent[keys.at(-1) as string] = value;
  return root as T;
}

const isEmptyObject = (value: unknown) =>
  value !== null && typeof value === 'object' && !Array.isArray(value) && Object.keys(value).length === 0;

/** A copy of `source` without `path`; containers left empty on the way go too. */
export function unsetIn<T>(source: T, path: string): T {
  if (getIn(source, path) === undefined) return source;
  const keys = path.split('.');
  const head = keys[0] as string;
  const copy = { ...(source as Record<string, unknown>) };
  if (keys.length === 1) {
    delete copy[head];
    return copy as T;
  }
  const child = unsetIn(copy[head], keys.slice(1).join('.'));
  if (isEmptyObject(child)) delete copy[head];
  else copy[head] = child;
  return copy as T;
}
