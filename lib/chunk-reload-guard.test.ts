/** @jest-environment node */
import { CHUNK_RELOAD_KEY, isChunkLoadError, shouldReloadForChunkError } from './chunk-reload-guard';

function memoryStorage(initial: Record<string, string> = {}) {
  const data = new Map(Object.entries(initial));
  return {
    getItem: (key: string) => data.get(key) ?? null,
    setItem: (key: string, value: string) => void data.set(key, value),
    data,
  };
}

describe('chunk reload guard', () => {
  it('recognises chunk load errors', () => {
    const chunkError = Object.assign(new Error('Loading chunk 123 failed.'), { name: 'ChunkLoadError' });
    expect(isChunkLoadError(chunkError)).toBe(true);
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /x.js'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });

  it('reloads once, then not again within 60 s', () => {
    const storage = memoryStorage();
    expect(shouldReloadForChunkError(storage, 1_000_000)).toBe(true);
    expect(storage.data.get(CHUNK_RELOAD_KEY)).toBe('1000000');
    expect(shouldReloadForChunkError(storage, 1_000_000 + 59_999)).toBe(false);
    expect(shouldReloadForChunkError(storage, 1_000_000 + 60_000)).toBe(true);
  });

  it('treats a garbled or future record as no record', () => {
    expect(shouldReloadForChunkError(memoryStorage({ [CHUNK_RELOAD_KEY]: 'garbage' }), 5_000)).toBe(true);
    expect(shouldReloadForChunkError(memoryStorage({ [CHUNK_RELOAD_KEY]: '999999' }), 5_000)).toBe(true);
  });

  it('does not reload when it cannot remember the reload', () => {
    const broken = {
      getItem: () => null,
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
    };
    expect(shouldReloadForChunkError(broken, 5_000)).toBe(false);
  });
});
