import 'server-only';
import { type SQL, sql } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import { currentRequest } from '@/lib/server/observability';
import { type QueueName, queuePolicies } from './queues';

/** The policies the queues were created with at start-up (`openBoss`), from this process's env. */
function policiesOf(): ReturnType<typeof queuePolicies> {
  const env = getEnv();
  return queuePolicies(
    { retryDelay: env.MAIL_RETRY_DELAY_SECONDS, retryLimit: env.MAIL_RETRY_LIMIT },
    { retryDelay: env.WEBHOOK_RETRY_DELAY_SECONDS },
  );
}

const whole = (value: number) => {
  if (!Number.isInteger(value)) throw new Error(`enqueue: ${value} is not a whole number`);
  return sql.raw(String(value));
};

/**
 * The job row pg-boss 10's `send` writes (its `insertJob`, without the per-job options we never
 * use), with the queue's policy as `openBoss` set it. pg-boss's own statement computes the policy
 * per job from the queue table through nineteen parameters and their CASEs, which PGlite parses and
 * plans anew for every job; this plain INSERT costs a fraction of it (`npm run bench:queue`,
 * docs/performance.md#job-queue). The row is what `send` writes
 * (`enqueue.test.ts` compares them); pg-boss fetches, retries and archives it as its own.
 */
export function insertJobSql(name: QueueName, data: Record<string, unknown>): SQL {
  const policy = policiesOf()[name];
  // The job logs the id of the request that enqueued it.
  const requestId = currentRequest()?.requestId;
  if (requestId) data = { ...data, requestId };
  const retryDelay = policy.retryBackoff ? Math.max(policy.retryDelay, 1) : policy.retryDelay;
  return sql`insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, policy)
    values (${name}, ${JSON.stringify(data)}::jsonb, ${whole(policy.retryLimit)}, ${whole(retryDelay)}, ${sql.raw(
      String(policy.retryBackoff),
    )}, interval '${whole(policy.expireInSeconds)} seconds', now() + interval '${whole(policy.retentionMinutes)} minutes', 'standard')`;
}

/**
 * One job per row of `rows` (a CTE name of the same statement, with an `id` column): the webhook
 * messages an event created, enqueued by the statement that records the change.
 */
export function insertJobPerRowSql(name: QueueName, rows: string, dataKey: string): SQL {
  const policy = policiesOf()[name];
  const retryDelay = policy.retryBackoff ? Math.max(policy.retryDelay, 1) : policy.retryDelay;
  return sql`insert into pgboss.job (name, data, retry_limit, retry_delay, retry_backoff, expire_in, keep_until, policy)
    select ${name}, jsonb_build_object(${dataKey}::text, r.id), ${whole(policy.retryLimit)}, ${whole(retryDelay)}, ${sql.raw(
      String(policy.retryBackoff),
    )}, interval '${whole(policy.expireInSeconds)} seconds', now() + interval '${whole(policy.retentionMinutes)} minutes', 'standard'
    from ${sql.identifier(rows)} r`;
}
