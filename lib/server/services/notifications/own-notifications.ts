import 'server-only';
import { and, asc, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationList, NotificationSettings } from '@/lib/schemas/notification';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { notificationSettings, notifications } from '@/lib/server/db/schema';
import { notFound } from '@/lib/server/http/api-error';
import { effectiveSettings } from './recipients';

type Row = typeof notifications.$inferSelect;
const DEFAULT_PER_PAGE = 20;

const toNotification = (row: Row): Notification => ({
  id: row.id,
  kind: row.kind,
  title: row.title,
  entityType: row.entityType,
  entityId: row.entityId,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** `GET /notifications`: one's own only (reach: the recipient). */
export async function findNotifications(
  actor: Pick<Actor, 'id'>,
  query: { unread?: boolean; page?: number; perPage?: number },
): Promise<NotificationList> {
  const db = await getDb();
  const page = query.page ?? 1;
  const perPage = query.perPage ?? DEFAULT_PER_PAGE;
  const mine = eq(notifications.userId, actor.id);
  const where = query.unread ? and(mine, isNull(notifications.readAt)) : mine;
  const [rows, [totals]] = await Promise.all([
    db
      .select()
      .from(notifications)
      .where(where)
      .orderBy(sql`${notifications.readAt} IS NOT NULL`, desc(notifications.createdAt), asc(notifications.id))
      .limit(perPage)
      .offset((page - 1) * perPage),
    db
      .select({
        total: query.unread ? sql<number>`count(*) FILTER (WHERE ${notifications.readAt} IS NULL)` : count(),
        unread: sql<number>`count(*) FILTER (WHERE ${notifications.readAt} IS NULL)`,
      })
      .from(notifications)
      .where(mine),
  ]);
  return {
    items: rows.map(toNotification),
    total: Number(totals?.total ?? 0),
    unread: Number(totals?.unread ?? 0),
    page,
    perPage,
  };
}

/** `POST /notifications/{id}/read`: another user's notification answers like an unknown one. */
export async function markNotificationRead(actor: Pick<Actor, 'id'>, id: string): Promise<Notification> {
  const db = await getDb();
  const mine = and(eq(notifications.id, id), eq(notifications.userId, actor.id));
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(notifications.readAt)));
  const [row] = await db.select().from(notifications).where(mine);
  if (!row) throw notFound('Benachrichtigung');
  return toNotification(row);
}

export async function markAllNotificationsRead(actor: Pick<Actor, 'id'>): Promise<{ marked: number }> {
  const db = await getDb();
  const marked = await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(eq(notifications.userId, actor.id), isNull(notifications.readAt)))
    .returning({ id: notifications.id });
  return { marked: marked.length };
}

export async function getNotificationSettings(actor: Pick<Actor, 'id' | 'role'>): Promise<NotificationSettings> {
  const db = await getDb();
  const [row] = await db.select().from(notificationSettings).where(eq(notificationSettings.userId, actor.id));
  return effectiveSettings(actor.role, row?.settings);
}

/** Stores the whole effective set, so a later change of the role's defaults does not change a choice shown. */
export async function updateNotificationSettings(
  actor: Pick<Actor, 'id' | 'role'>,
  input: Partial<NotificationSettings>,
): Promise<NotificationSettings> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(notificationSettings)
      .where(eq(notificationSettings.userId, actor.id))
      .for('update');
    const settings = { ...effectiveSettings(actor.role, row?.settings), ...input };
    await tx
      .insert(notificationSettings)
      .values({ userId: actor.id, settings })
      .onConflictDoUpdate({ target: notificationSettings.userId, set: { settings, updatedAt: sql`now()` } });
    return settings;
  });
}
