import 'server-only';
import { getEnv } from '@/lib/env';
import { rawSql } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { QUEUE, type QueueName, queuePolicies } from './queues';
import { bossValue, transactionBossDb } from './sql-adapter';

type PgBoss = InstanceType<typeof import('pg-boss')>;

const globalForJobs = globalThis as unknown as {
  __benefitsBoss?: Promise<PgBoss>;
  __benefitsProducer?: Promise<PgBoss>;
};

/**
 * Sends jobs only, through the caller's transaction: never started, it touches the database
 * through no connection of its own (on PGlite, whose one connection the transaction holds, a
 * second would wait for it forever). The queues exist from start-up (`getBoss()`).
 */
function producer(): Promise<PgBoss> {
  globalForJobs.__benefitsProducer ??= import('pg-boss').then(
    ({ default: PgBossClass }) =>
      new PgBossClass({
        db: { executeSql: () => Promise.reject(new Error('the job producer sends through a transaction only')) },
        schema: 'pgboss',
      }) as PgBoss,
  );
  return globalForJobs.__benefitsProducer;
}

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
  boss.on('error', (error: unknown) => console.error('[jobs]', error));
  await boss.start();
  const policies = queuePolicies({ retryDelay: env.MAIL_RETRY_DELAY_SECONDS, retryLimit: env.MAIL_RETRY_LIMIT });
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

export interface EnqueueOptions {
  /** One job per key while it waits (pg-boss singletonKey). */
  singletonKey?: string;
  startAfter?: Date;
}

/**
 * Enqueues a job in the caller's transaction: pg-boss inserts it through that transaction, so a
 * rolled-back change enqueues nothing and a committed one always has its job.
 */
export async function enqueue(
  tx: DbOrTx,
  name: QueueName,
  data: Record<string, unknown>,
  options: EnqueueOptions = {},
): Promise<void> {
  const boss = await producer();
  await boss.send(name, data, { ...options, db: transactionBossDb(tx) } as never);
}
