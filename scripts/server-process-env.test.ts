/** @jest-environment node */
import { SERVER_HEAP_OPTION, SERVER_MALLOC_TUNABLES, serverProcessEnv } from './server-process-env.mjs';

describe('serverProcessEnv', () => {
  it('adds the heap bound and the malloc thresholds', () => {
    const env = serverProcessEnv({ PORT: '3000' });
    expect(env).toEqual({ PORT: '3000', NODE_OPTIONS: SERVER_HEAP_OPTION, GLIBC_TUNABLES: SERVER_MALLOC_TUNABLES });
    expect(SERVER_MALLOC_TUNABLES).toBe('glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072');
  });

  it("keeps the operator's NODE_OPTIONS and adds the heap bound after them", () => {
    expect(serverProcessEnv({ NODE_OPTIONS: '--enable-source-maps' }).NODE_OPTIONS).toBe(
      `--enable-source-maps ${SERVER_HEAP_OPTION}`,
    );
  });

  it("leaves an operator's own heap bound and tunables alone", () => {
    const env = serverProcessEnv({
      NODE_OPTIONS: '--max-old-space-size=1024',
      GLIBC_TUNABLES: 'glibc.malloc.arena_max=2',
    });
    expect(env.NODE_OPTIONS).toBe('--max-old-space-size=1024');
    expect(env.GLIBC_TUNABLES).toBe('glibc.malloc.arena_max=2');
  });
});
