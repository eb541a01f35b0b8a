import 'server-only';
import { type SQL, and, asc, count, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Notification, NotificationList, NotificationSettings } from '@/lib/schemas/notification';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { approvals, documents, notificationSettings, notifications, tasks } from '@/lib/server/db/schema';
import type { DbOrTx } from '@/lib/server/db/types';
import { notFound } from '@/lib/server/http/api-error';
import { approvalReach } from '@/lib/server/services/approvals/approval-record';
import { documentReach } from '@/lib/server/services/documents/document-reach';
import { taskReach } from '@/lib/server/services/tasks/task-reach';
import { effectiveSettings } from './recipients';

type Row = typeof notifications.$inferSelect;
type Reader = Pick<Actor, 'id' | 'role' | 'accountId'>;
const DEFAULT_PER_PAGE = 20;

/**
 * Which of the notifications' records the reader can see now (issue 45). A title quotes its record
 * (a task's or document's title, an account's name), so a record out of reach — a task given to
 * someone else, a document deleted, an account moved — shows no title, as the record answers 404.
 */
async function visibleRecords(db: DbOrTx, reader: Reader, rows: readonly Row[]): Promise<Set<string>> {
  const visible = new Set<string>();
  const ask = async (
    type: Row['entityType'],
    table: typeof tasks | typeof approvals | typeof documents,
    reach: SQL | undefined,
  ) => {
    const ids = rows.filter((row) => row.entityType === type).map((row) => row.entityId);
    if (ids.length === 0) return;
    const found = await db
      .select({ id: table.id })
      .from(table)
      .where(and(inArray(table.id, ids), reach));
    for (const { id } of found) visible.add(`${type}:${id}`);
  };
  await ask('task', tasks, taskReach(reader));
  await ask('approval', approvals, approvalReach(reader));
  await ask('document', documents, documentReach(reader));
  return visible;
}

const toNotification = (row: Row, visible: Set<string>): Notification => ({
  id: row.id,
  kind: row.kind,
  title: visible.has(`${row.entityType}:${row.entityId}`) ? row.title : null,
  entityType: row.entityType,
  entityId: row.entityId,
  createdAt: row.createdAt.toISOString(),
  readAt: row.readAt?.toISOString() ?? null,
});

/** `GET /notifications`: one's own only (reach: the recipient); titles only of records still in reach. */
export async function findNotifications(
  actor: Reader,
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
  const visible = await visibleRecords(db, actor, rows);
  return {
    items: rows.map((row) => toNotification(row, visible)),
    total: Number(totals?.total ?? 0),
    unread: Number(totals?.unread ?? 0),
    page,
    perPage,
  };
}

/** `POST /notifications/{id}/read`: another user's notification answers like an unknown one. */
export async function markNotificationRead(actor: Reader, id: string): Promise<Notification> {
  const db = await getDb();
  const mine = and(eq(notifications.id, id), eq(notifications.userId, actor.id));
  await db
    .update(notifications)
    .set({ readAt: sql`now()` })
    .where(and(mine, isNull(notifications.readAt)));
  const [row] = await db.select().from(notifications).where(mine);
  if (!row) throw notFound('Benachrichtigung');
  return toNotification(row, await visibleRecords(db, actor, [row]));
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
