/**
 * A failed script-chunk load (usually a new deployment) reloads the page once, and not again
 * within 60 s, so a chunk that is really gone cannot cause a reload loop (seed §8).
 */
export const CHUNK_RELOAD_KEY = 'ebmt:chunk-reload-at';
export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

const CHUNK_ERROR = /ChunkLoadError|Loading chunk [\w-]+ failed|Loading CSS chunk|Failed to fetch dynamically imported module|error loading dynamically imported module|Importing a module script failed/i;

export function isChunkLoadError(error: unknown): boolean {
  if (!error) return false;
  if (typeof error === 'string') return CHUNK_ERROR.test(error);
  const { name, message } = error as { name?: unknown; message?: unknown };
  return (
    (typeof name === 'string' && CHUNK_ERROR.test(name)) || (typeof message === 'string' && CHUNK_ERROR.test(message))
  );
}

type StorageLike = Pick<Storage, 'getItem' | 'setItem'>;

/** Whether to reload now; records the reload in the storage when it says yes. */
export function shouldReloadForChunkError(storage: StorageLike | null, now = Date.now()): boolean {
  let last = NaN;
  try {
    last = Number(storage?.getItem(CHUNK_RELOAD_KEY));
  } catch {
    return false;
  }
  if (Number.isFinite(last) && now - last < CHUNK_RELOAD_INTERVAL_MS && now >= last) return false;
  try {
    storage?.setItem(CHUNK_RELOAD_KEY, String(now));
  } catch {
    // Storage full or disabled: without a record a reload could loop, so do not reload.
    return false;
  }
  return true;
}
