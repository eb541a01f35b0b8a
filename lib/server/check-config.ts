import 'server-only';
import { startupConfigProblems } from '@/lib/env';

/**
 * At start (instrumentation.ts before the server listens, scripts/worker.ts): a configuration with
 * problems ends the process with 1 and one line per variable, never its value. (Node only: lib/env.ts
 * is also part of the edge middleware.)
 */
export function exitOnConfigProblems(who: string): void {
  const problems = startupConfigProblems();
  if (problems.length === 0) return;
  process.stderr.write(
    `[${who}] invalid configuration, not starting:\n${problems.map((line) => `  ${line}\n`).join('')}`,
  );
  process.exit(1);
}
