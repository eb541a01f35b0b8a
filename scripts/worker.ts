/**
 * `npm run worker`: the job workers alone (mail, notifications, digest, due tasks), for ops who
 * run them apart from the app (JOBS_IN_PROCESS=false there). Needs DATABASE_URL (PGlite allows
 * one process at a time). SIGTERM/SIGINT: running jobs may finish within SHUTDOWN_GRACE_MS.
 */
import { getEnv } from '@/lib/env';
import { exitOnConfigProblems } from '@/lib/server/check-config';
import { closeDb } from '@/lib/server/db/client';
import { startWorkers, stopWorkers } from '@/lib/server/jobs/workers';
import { log } from '@/lib/server/observability';
import { startTracing, stopTracing } from '@/lib/server/observability/tracing';

async function main() {
  exitOnConfigProblems('jobs');
  const env = getEnv();
  // A span per job when OTEL_EXPORTER_OTLP_ENDPOINT is set (as in the server: instrumentation.ts).
  await startTracing();
  await startWorkers();
  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    log().info(`[jobs] ${signal}: waiting up to ${env.SHUTDOWN_GRACE_MS} ms for running jobs`);
    try {
      await stopWorkers(env.SHUTDOWN_GRACE_MS);
      await closeDb();
      await stopTracing();
    } finally {
      process.exit(0);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));
}

main().catch((error: unknown) => {
  log().error({ err: error }, '[jobs] the worker could not start');
  process.exit(1);
});
