import 'server-only';
import { log } from '@/lib/server/observability';
import { count, sql } from 'drizzle-orm';
import { getEnv } from '@/lib/env';
import { hashPassword } from '@/lib/server/auth/passwords';
import type { Db } from '../types';
import { users } from '../schema';
import { seedDemoData } from './demo';

/**
 * Fills an empty database once: demo data by default, or only the first admin from
 * ADMIN_EMAIL/ADMIN_PASSWORD with SEED_DEMO=false. An advisory lock keeps several
 * instances starting at once from doing it twice.
 */
export async function prepareDatabase(db: Db): Promise<void> {
  const env = getEnv();
  await db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const [existing] = await tx.select({ n: count() }).from(users);
    if ((existing?.n ?? 0) > 0) return;
    if (env.SEED_DEMO) {
      await seedDemoData(tx);
      log().info('[db] demo data created');
      return;
    }
    if (env.ADMIN_EMAIL && env.ADMIN_PASSWORD) {
      await tx.insert(users).values({
        email: env.ADMIN_EMAIL.toLowerCase(),
        firstName: 'Admin',
        lastName: 'Administrator',
        role: 'admin',
        status: 'active',
        passwordHash: await hashPassword(env.ADMIN_PASSWORD),
      });
      log().info(`[db] first admin ${env.ADMIN_EMAIL} created`);
      return;
    }
    log().warn('[db] empty database without demo data: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first admin');
  });
}
