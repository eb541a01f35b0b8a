import 'server-only';
import { getEnv } from '@/lib/env';
import { getDb } from './db/client';
import { DataDirInUseError } from './db/data-dir-lock';
import { log } from './observability';

export async function prepareServer(): Promise<void> {
  // Invalid configuration stops the start with a clear list of what is wrong.
  const env = getEnv();
  try {
    await getDb();
    // The queue's schema and queues exist before the first request enqueues into them; the
    // workers run here unless JOBS_IN_PROCESS=false (then `npm run worker` runs them).
    const { getBoss } = await import('./jobs/boss');
    await getBoss({ supervise: env.JOBS_IN_PROCESS });
    if (env.JOBS_IN_PROCESS) {
      const { startWorkers } = await import('./jobs/workers');
      await startWorkers();
    }
  } catch (error) {
    if (error instanceof DataDirInUseError) {
      // Waiting cannot help, and serving would mean 503 to every request: end the start.
      log().fatal({ dataDir: error.dataDir }, `[db] ${error.message}`);
      process.exit(1);
    }
    log().error({ err: error }, '[db] start-up failed; the next request will try again');
  }
}
