import 'server-only';
import client from 'prom-client';
import { rawSql } from '@/lib/server/db/client';
import { observability } from '@/lib/server/observability';
import { QUEUE } from './queues';

/** Jobs waiting (created or due for a retry) per queue and the oldest one's age, read at each scrape. */
async function queueStats(): Promise<Map<string, { depth: number; oldestSeconds: number }>> {
  const executeSql = await rawSql();
  const { rows } = await executeSql(
    `select name, count(*)::int as depth, coalesce(extract(epoch from now() - min(created_on)), 0)::float8 as oldest
       from pgboss.job where state in ('created', 'retry') group by name`,
  );
  return new Map(
    rows.map((row) => [String(row.name), { depth: Number(row.depth), oldestSeconds: Number(row.oldest) }]),
  );
}

/** Registers the queue gauges once per process (the registry is lib/server/observability's). */
export function registerQueueMetrics(): void {
  const { registry } = observability();
  if (registry.getSingleMetric('jobs_queue_depth')) return;
  // One scrape reads the table once for both gauges.
  let pending: Promise<Map<string, { depth: number; oldestSeconds: number }>> | null = null;
  const stats = () => {
    pending ??= queueStats().finally(() => setTimeout(() => (pending = null), 1_000).unref());
    return pending;
  };
  const gauge = (name: string, help: string, pick: (entry: { depth: number; oldestSeconds: number }) => number) =>
    new client.Gauge({
      name,
      help,
      labelNames: ['queue'] as const,
      registers: [registry],
      async collect() {
        // The database away: the gauges keep their last values (readiness and the 5xx rate tell).
        const current = await stats().catch(() => null);
        if (!current) return;
        for (const queue of Object.values(QUEUE))
          this.set({ queue }, pick(current.get(queue) ?? { depth: 0, oldestSeconds: 0 }));
      },
    });
  gauge('jobs_queue_depth', 'Jobs waiting to run (created or due for a retry), by queue.', (entry) => entry.depth);
  gauge(
    'jobs_oldest_age_seconds',
    'Age of the oldest waiting job, by queue (0 when none waits).',
    (entry) => entry.oldestSeconds,
  );
}
