import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/**
 * Samples `GET /api/v1/health/` of `base` from a process of its own (scripts/health-sampler.mjs, so
 * the bench's own work never delays a sample) until `stop()`, which answers its summary.
 */
export function startHealthSampler(base, { slowMs = 250, intervalMs = 50 } = {}) {
  const child = spawn(process.execPath, [path.join(root, 'scripts', 'health-sampler.mjs'), base], {
    stdio: ['pipe', 'pipe', 'inherit'],
    env: { ...process.env, SLOW_MS: String(slowMs), SAMPLE_INTERVAL_MS: String(intervalMs) },
  });
  let output = '';
  child.stdout.on('data', (chunk) => (output += chunk));
  const closed = new Promise((resolve) => child.on('close', resolve));
  return {
    child,
    async stop() {
      child.stdin.end();
      await closed;
      return JSON.parse(output.trim().split('\n').at(-1) ?? '{}');
    },
  };
}
