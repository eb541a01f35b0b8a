import type { PGlite } from '@electric-sql/pglite';
import type { Db } from '@/lib/server/db/types';
import { QUEUE, queuePolicies } from '@/lib/server/jobs/queues';
import { openMigratedPglite } from './migrated-pglite';

type PgBoss = InstanceType<typeof import('pg-boss')>;

/** The mail retry policy the tests' `getEnv` mock answers (the defaults). */
export const TEST_MAIL_RETRY = { retryDelay: 60, retryLimit: 12 };

/**
 * A migrated PGlite in memory with pg-boss 10's schema and the app's queues installed over the
 * same connection, as `openBoss` does (stop the boss and close the client after).
 */
export async function openPgliteWithQueues(): Promise<{ client: PGlite; db: Db; boss: PgBoss }> {
  const { client, db } = await openMigratedPglite();
  const { default: PgBossClass } = await import('pg-boss');
  const executeSql = async (text: string, values: unknown[] = []) => {
    const params = values.map((value) =>
      value && typeof value === 'object' && !(value instanceof Date) ? JSON.stringify(value) : (value ?? null),
    );
    if (params.length > 0) return { rows: (await client.query<Record<string, unknown>>(text, params)).rows };
    return { rows: ((await client.exec(text)).at(-1)?.rows ?? []) as Record<string, unknown>[] };
  };
  const boss = new PgBossClass({ db: { executeSql }, schema: 'pgboss', supervise: false, schedule: false }) as PgBoss;
  await boss.start();
  const policies = queuePolicies(TEST_MAIL_RETRY);
  for (const name of Object.values(QUEUE)) await boss.createQueue(name, { name, ...policies[name] });
  return { client, db, boss };
}
