import 'server-only';
import { log } from '@/lib/server/observability';
import { getEnv } from '@/lib/env';
import { rawSql } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { QUEUE, type QueueName, queuePolicies } from './queues';
import { insertJobSql } from './job-row';
import { registerQueueMetrics } from './queue-metrics';
import { bossValue } from './sql-adapter';

type PgBoss = InstanceType<typeof import('pg-boss')>;

const globalForJobs = globalThis as unknown as {
  __benefitsBoss?: Promise<PgBoss>;
};

export interface BossOptions {
  /** Maintenance (expiry, archiving) and the cron schedules run where workers run. */
  supervise: boolean;
}

async function openBoss(options: BossOptions): Promise<PgBoss> {
  const env = getEnv();
  const executeSql = await rawSql();
  const { default: PgBossClass } = await import('pg-boss');
  const boss = new PgBossClass({
    db: { executeSql: (text: string, values?: unknown[]) => executeSql(text, values?.map(bossValue)) },
    schema: 'pgboss',
    supervise: options.supervise,
    schedule: options.supervise,
    migrate: true,
  }) as PgBoss;
  boss.on('error', (error: unknown) => log().error({ err: error }, '[jobs] pg-boss error'));
  await boss.start();
  registerQueueMetrics();
  const policies = queuePolicies(
    { retryDelay: env.MAIL_RETRY_DELAY_SECONDS, retryLimit: env.MAIL_RETRY_LIMIT },
    { retryDelay: env.WEBHOOK_RETRY_DELAY_SECONDS },
  );
  for (const name of Object.values(QUEUE)) {
    const policy = { name, ...policies[name] };
    // Two instances starting at once may both create a queue; the loser updates it.
    if (await boss.getQueue(name)) await boss.updateQueue(name, policy);
    else await boss.createQueue(name, policy).catch(() => boss.updateQueue(name, policy));
  }
  return boss;
}

/** This process's pg-boss: the schema installed, the queues there. Opens the database first. */
export function getBoss(options: BossOptions = { supervise: false }): Promise<PgBoss> {
  if (!globalForJobs.__benefitsBoss) {
    globalForJobs.__benefitsBoss = openBoss(options).catch((error: unknown) => {
      globalForJobs.__benefitsBoss = undefined;
      throw error;
    });
  }
  return globalForJobs.__benefitsBoss;
}

export async function stopBoss(timeoutMs: number): Promise<void> {
  const pending = globalForJobs.__benefitsBoss;
  globalForJobs.__benefitsBoss = undefined;
  if (!pending) return;
  const boss = await pending.catch(() => undefined);
  // graceful: stop fetching, wait for running jobs up to the timeout, then fail what is left (a retry).
  await boss?.stop({ graceful: true, timeout: Math.max(1000, timeoutMs), close: false, wait: true });
}

/**
 * Enqueues a job in the caller's transaction (one INSERT into pg-boss's job table), so a
 * rolled-back change enqueues nothing and a committed one always has its job, exactly once: the
 * row's id is new and nothing else inserts it; pg-boss hands a row to one worker (SKIP LOCKED).
 */
export async function enqueue(tx: DbOrTx, name: QueueName, data: Record<string, unknown>): Promise<void> {
  await tx.execute(insertJobSql(name, data));
}
