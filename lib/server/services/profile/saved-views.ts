import 'server-only';
import { and, asc, count, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import {
  SAVED_VIEWS_PER_LIST,
  type ListColumns,
  type ListKey,
  type SavedView,
  type SavedViewList,
  type savedViewCreateSchema,
  type savedViewUpdateSchema,
} from '@/lib/schemas/saved-view';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { isUniqueViolation } from '@/lib/server/db/database-errors';
import { listColumns, savedViews } from '@/lib/server/db/schema';
import type { Tx } from '@/lib/server/db/types';
import { ApiError, invalidField, notFound } from '@/lib/server/http/api-error';
import { conflict } from '@/lib/server/http/etag';
import { germanProblem } from '@/lib/server/http/german-problem';

type SavedViewRow = typeof savedViews.$inferSelect;
export type SavedViewCreate = z.output<typeof savedViewCreateSchema>;
export type SavedViewUpdate = z.output<typeof savedViewUpdateSchema>;

const toSavedView = (row: SavedViewRow): SavedView => ({
  id: row.id,
  list: row.listKey as ListKey,
  name: row.name,
  query: row.query,
  isDefault: row.isDefault,
  version: row.version,
  createdAt: row.createdAt.toISOString(),
  updatedAt: row.updatedAt.toISOString(),
});

const viewNotFound = () => notFound('Ansicht');

function nameTaken(): ApiError {
  const message = germanProblem('savedViewNameTaken');
  return new ApiError('conflict', message, { details: [{ path: 'name', message, code: 'savedViewNameTaken' }] });
}

/** One writer at a time per user and list: the cap and the single default hold under parallel requests. */
async function lockList(tx: Tx, userId: string, list: string): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`saved_views:${userId}:${list}`}))`);
}

/** Only the caller's own views: another user's view is not found (404), as is an unknown id. */
async function requireOwnView(tx: Tx, actor: Actor, id: string): Promise<SavedViewRow> {
  const [row] = await tx
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.id, id), eq(savedViews.userId, actor.id)))
    .limit(1)
    .for('update');
  if (!row) throw viewNotFound();
  return row;
}

/** `GET /profile/views?list=`: the caller's views of one list, by name. */
export async function findSavedViews(actor: Actor, list: ListKey): Promise<SavedViewList> {
  const db = await getDb();
  const rows = await db
    .select()
    .from(savedViews)
    .where(and(eq(savedViews.userId, actor.id), eq(savedViews.listKey, list)))
    .orderBy(sql`lower(${savedViews.name})`, asc(savedViews.createdAt));
  return { items: rows.map(toSavedView) };
}

/** `POST /profile/views`: at most SAVED_VIEWS_PER_LIST per list, names unique ignoring case. */
export async function createSavedView(actor: Actor, input: SavedViewCreate): Promise<SavedView> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      await lockList(tx, actor.id, input.list);
      const [counted] = await tx
        .select({ n: count() })
        .from(savedViews)
        .where(and(eq(savedViews.userId, actor.id), eq(savedViews.listKey, input.list)));
      if ((counted?.n ?? 0) >= SAVED_VIEWS_PER_LIST) {
        throw invalidField('list', 'savedViewsTooMany', { max: SAVED_VIEWS_PER_LIST });
      }
      if (input.isDefault) await clearDefault(tx, actor.id, input.list);
      const [row] = await tx
        .insert(savedViews)
        .values({
          userId: actor.id,
          listKey: input.list,
          name: input.name,
          query: input.query,
          isDefault: input.isDefault,
        })
        .returning();
      return toSavedView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

async function clearDefault(tx: Tx, userId: string, list: string): Promise<void> {
  await tx
    .update(savedViews)
    .set({ isDefault: false, version: sql`${savedViews.version} + 1`, updatedAt: sql`now()` })
    .where(and(eq(savedViews.userId, userId), eq(savedViews.listKey, list), eq(savedViews.isDefault, true)));
}

/** `PATCH /profile/views/{id}` (If-Match): rename, new state, default on or off. */
export async function updateSavedView(
  actor: Actor,
  id: string,
  input: SavedViewUpdate,
  expectedVersion: number,
): Promise<SavedView> {
  const db = await getDb();
  try {
    return await db.transaction(async (tx) => {
      const found = await requireOwnView(tx, actor, id);
      await lockList(tx, actor.id, found.listKey);
      const current = await requireOwnView(tx, actor, id);
      if (current.version !== expectedVersion) throw conflict(toSavedView(current));
      const { version: _version, ...requested } = input;
      const changes = Object.fromEntries(
        Object.entries(requested).filter(
          ([field, value]) => value !== undefined && value !== current[field as keyof SavedViewRow],
        ),
      ) as Partial<Pick<SavedViewRow, 'name' | 'query' | 'isDefault'>>;
      if (Object.keys(changes).length === 0) return toSavedView(current);
      if (changes.isDefault) await clearDefault(tx, actor.id, current.listKey);
      const [row] = await tx
        .update(savedViews)
        .set({ ...changes, version: sql`${savedViews.version} + 1`, updatedAt: sql`now()` })
        .where(eq(savedViews.id, id))
        .returning();
      return toSavedView(row!);
    });
  } catch (error) {
    if (isUniqueViolation(error)) throw nameTaken();
    throw error;
  }
}

/** `DELETE /profile/views/{id}`; with If-Match a stale version answers 409. */
export async function deleteSavedView(actor: Actor, id: string, expectedVersion: number | undefined): Promise<void> {
  const db = await getDb();
  await db.transaction(async (tx) => {
    const current = await requireOwnView(tx, actor, id);
    if (expectedVersion !== undefined && current.version !== expectedVersion) throw conflict(toSavedView(current));
    await tx.delete(savedViews).where(eq(savedViews.id, id));
  });
}

/** `GET /profile/columns/{list}`: the columns the caller hid in a list (none: all show). */
export async function getListColumns(actor: Actor, list: ListKey): Promise<ListColumns> {
  const db = await getDb();
  const [row] = await db
    .select({ hidden: listColumns.hidden })
    .from(listColumns)
    .where(and(eq(listColumns.userId, actor.id), eq(listColumns.listKey, list)));
  return { list, hidden: row?.hidden ?? [] };
}

/** `PUT /profile/columns/{list}`: the hidden columns, replaced whole (no duplicates kept). */
export async function setListColumns(actor: Actor, list: ListKey, hidden: string[]): Promise<ListColumns> {
  const db = await getDb();
  const unique = [...new Set(hidden)];
  await db
    .insert(listColumns)
    .values({ userId: actor.id, listKey: list, hidden: unique })
    .onConflictDoUpdate({
      target: [listColumns.userId, listColumns.listKey],
      set: { hidden: unique, updatedAt: sql`now()` },
    });
  return { list, hidden: unique };
}
