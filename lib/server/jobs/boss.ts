import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import { rawSql } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { QUEUE, type QueueName, queuePolicies } from './queues';
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

/** The policies the queues were created with at start-up (`openBoss`), from this process's env. */
function policiesOf(): ReturnType<typeof queuePolicies> {
  const env = getEnv();
  return queuePolicies({ retryDelay: env.MAIL_RETRY_DELAY_SECONDS, retryLimit: env.MAIL_RETRY_LIMIT });
}

const whole = (value: number) => {
  if (!Number.isInteger(value)) throw new Error(`enqueue: ${value} is not a whole number`);
  return sql.raw(String(value));
};

/**
 * The job row pg-boss 10's `send` writes (its `insertJob`, without the per-job options we never
 * use), with the queue's policy as `openBoss` set it. pg-boss's own statement computes the policy
 * per job from the queue table through nineteen parameters and their CASEs; on PGlite, which parses
 * and plans every statement anew, that cost ~2.8 ms per job on top of the row — this plain INSERT
 * about a third of it (`npm run bench:queue`, README). The row is what `send` writes
 * (`enqueue.test.ts` compares them); pg-boss fetches, retries and archives it as its own.
 */
export function insertJobSql(name: QueueName, data: Record<string, unknown>): SQL {
  const policy = policiesOf()[name];
  const retryDelay = policy.retryBackoff ? Math.max(policy.retryDelay, 1) : policy.retryDelay;
  return sql`insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, policy)
    values (${name}, ${JSON.stringify(data)}::jsonb, ${whole(policy.retryLimit)}, ${whole(retryDelay)}, ${sql.raw(
      String(policy.retryBackoff),
    )}, interval '${whole(policy.expireInSeconds)} seconds', now() + interval '${whole(policy.retentionMinutes)} minutes', 'standard')`;
}

/**
 * Enqueues a job in the caller's transaction (one INSERT into pg-boss's job table), so a
 * rolled-back change enqueues nothing and a committed one always has its job, exactly once: the
 * row's id is new and nothing else inserts it; pg-boss hands a row to one worker (SKIP LOCKED).
 */
export async function enqueue(tx: DbOrTx, name: QueueName, data: Record<string, unknown>): Promise<void> {
  await tx.execute(insertJobSql(name, data));
}
