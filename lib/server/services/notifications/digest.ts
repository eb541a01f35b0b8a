import 'server-only';
import { and, asc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import { hrefs } from '@/lib/hrefs';
import { getDb } from '@/lib/server/db/client';
import { digestRuns, notifications, users } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { sendMail } from '@/lib/server/mail/send-mail';
import { berlinDay } from './berlin-time';

/** Titles listed in one digest mail; the rest are counted. */
const MAX_DIGEST_ITEMS = 50;
const USERS_PER_RUN = 10_000;

/**
 * The daily digest (a pg-boss cron at DIGEST_TIME, Europe/Berlin): one mail per user with every
 * notification set to `digest` since the last one, nothing when there is nothing. `digest_runs`
 * (user, Berlin day) makes it once a day whichever instance or retry runs it; each user's mail,
 * the marks and the run are one transaction.
 */
export async function runDigest(now: Date = new Date()): Promise<number> {
  const db = await getDb();
  const day = berlinDay(now);
  const pending = and(
    eq(notifications.delivery, 'digest'),
    isNull(notifications.digestedAt),
    lte(notifications.createdAt, now),
  );
  const waiting = await db
    .selectDistinct({ userId: notifications.userId })
    .from(notifications)
    .where(pending)
    .limit(USERS_PER_RUN);
  let sent = 0;
  for (const { userId } of waiting) {
    const mailed = await db.transaction(async (tx) => {
      const run = await tx
        .insert(digestRuns)
        .values({ userId, day })
        .onConflictDoNothing()
        .returning({ day: digestRuns.day });
      if (run.length === 0) return false;
      const items = await tx
        .select({ id: notifications.id, title: notifications.title })
        .from(notifications)
        .where(and(eq(notifications.userId, userId), pending))
        .orderBy(asc(notifications.createdAt));
      if (items.length === 0) return false;
      await tx
        .update(notifications)
        .set({ digestedAt: now })
        .where(
          inArray(
            notifications.id,
            items.map((item) => item.id),
          ),
        );
      const [user] = await tx
        .select()
        .from(users)
        .where(and(eq(users.id, userId), eq(users.status, 'active')));
      if (!user) return false;
      const titles = items.slice(0, MAX_DIGEST_ITEMS).map((item) => item.title);
      if (items.length > MAX_DIGEST_ITEMS) {
        const more = items.length - MAX_DIGEST_ITEMS;
        titles.push(user.locale === 'de' ? `… und ${more} weitere` : `… and ${more} more`);
      }
      await sendMail(
        {
          to: user.email,
          locale: user.locale,
          template: 'digest',
          name: userLabel(user),
          path: hrefs.notifications(),
          items: titles,
        },
        tx,
      );
      return true;
    });
    if (mailed) sent += 1;
  }
  // Runs older than a month are of no use.
  await db.delete(digestRuns).where(sql`${digestRuns.day} < (${day}::date - 31)`);
  return sent;
}
