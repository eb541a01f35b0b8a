/** JSON from a subquery: the drivers hand it over parsed (postgres-js, PGlite) or as text. */
export function parseJson<T>(value: unknown, fallback: T): T {
  if (value === null || value === undefined) return fallback;
  return (typeof value === 'string' ? JSON.parse(value) : value) as T;
}
