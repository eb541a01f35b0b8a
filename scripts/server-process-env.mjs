/**
 * The process settings of the production server, for `npm start` (scripts/start.mjs) and the
 * server `npm run bench` measures, so the bench's figures are those of the documented set-up.
 * A value the operator already set wins.
 *
 * - `--max-old-space-size=384`: a bounded V8 heap keeps the server well under 1 GB resident (the
 *   embedded database lives outside it).
 * - glibc's malloc thresholds fixed at its own defaults (128 KiB). glibc otherwise raises them
 *   after the first large block it frees (up to 32 MiB to map, 64 MiB to trim), and from then on
 *   the heap keeps what a burst of work freed: a whitelist import of 50,000 rows left ~40 MiB more
 *   resident that way (issue 15). Other C libraries ignore the variable.
 */
export const SERVER_HEAP_OPTION = '--max-old-space-size=384';
export const SERVER_MALLOC_TUNABLES = 'glibc.malloc.mmap_threshold=131072:glibc.malloc.trim_threshold=131072';

/** `env` with the server's settings added where it has none of its own. */
export function serverProcessEnv(env) {
  const nodeOptions = env.NODE_OPTIONS ?? '';
  return {
    ...env,
    NODE_OPTIONS: /--max-old-space-size\b/.test(nodeOptions)
      ? nodeOptions
      : [nodeOptions, SERVER_HEAP_OPTION].filter(Boolean).join(' '),
    GLIBC_TUNABLES: env.GLIBC_TUNABLES || SERVER_MALLOC_TUNABLES,
  };
}
