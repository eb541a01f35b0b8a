import 'server-only';
import { and, count, eq, gt, sql } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { signInAttempts } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { MAX_ATTEMPTS_PER_MINUTE } from '@/lib/server/services/auth/sign-in';

/**
 * The sign-in's per-client rule (SPEC §4: more than 20 attempts a minute from one address answer
 * 429) also covers the public identity requests that send mail, and shares its counter with the
 * sign-in, so switching between the two forms gains nothing. The answer depends only on the
 * client's address, never on the e-mail address asked about.
 */
export async function limitClientRate(db: DbOrTx, ip: string, email: string): Promise<void> {
  const [recent] = await db
    .select({ n: count() })
    .from(signInAttempts)
    .where(and(eq(signInAttempts.ip, ip), gt(signInAttempts.at, sql`now() - interval '1 minute'`)));
  await db.insert(signInAttempts).values({ email: email.slice(0, 254), ip, success: false });
  if ((recent?.n ?? 0) >= MAX_ATTEMPTS_PER_MINUTE) {
    throw new ApiError('rate_limited', 'Zu viele Anfragen. Bitte warten Sie eine Minute.', { retryAfterSeconds: 60 });
  }
}
