import 'server-only';

/**
 * A small per-process memo for reference data that may lag a little (filter options), so that
 * a list page does not ask the API for it on every view. Entries expire after `ttlMs`; the map
 * is bounded, dropping the oldest entry first.
 */
export function createTtlCache<T>(ttlMs: number, maxEntries = 500) {
  const entries = new Map<string, { expires: number; value: Promise<T> }>();
  return async function cached(key: string, load: () => Promise<T>): Promise<T> {
    const now = Date.now();
    const hit = entries.get(key);
    if (hit && hit.expires > now) return hit.value;
    const value = load();
    entries.delete(key);
    entries.set(key, { expires: now + ttlMs, value });
    if (entries.size > maxEntries) entries.delete(entries.keys().next().value!);
    // A failed load must not be remembered.
    value.catch(() => entries.delete(key));
    return value;
  };
}
