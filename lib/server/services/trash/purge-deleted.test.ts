/**
 * @jest-environment node
 */
import type { PGlite } from '@electric-sql/pglite';
import { and, eq } from 'drizzle-orm';
import { openMigratedPglite } from '@/test-support/migrated-pglite';
import { testActor } from '@/test-support/actor';
import type { Db } from '@/lib/server/db/types';
import * as schema from '@/lib/server/db/schema';
import { getEnv } from '@/lib/env';
import { ApiError } from '@/lib/server/http/api-error';
import { deleteTask } from '@/lib/server/services/tasks/delete-task';
import { purgeDeleted } from './purge-deleted';
import { restoreDeleted } from './restore-deleted';

/**
 * The daily purge (issue 51) on a real migrated database (PGlite in memory): a task deleted longer
 * ago than RESTORE_WINDOW_DAYS is removed for good with a `purge` entry in the history, one deleted
 * within the window stays and can still be restored, and a restore after the window answers why not.
 */
jest.setTimeout(120_000);
jest.mock('@/lib/server/db/client', () => ({ getDb: () => Promise.resolve(db), rawSql: jest.fn() }));

let client: PGlite;
let db: Db;
const ADMIN = '00000000-0000-4000-8000-0000000000a1';
const admin = testActor('admin', null, ADMIN);
const DAY = 24 * 60 * 60 * 1000;

async function deletedTask(title: string, daysAgo: number): Promise<string> {
  const [task] = await db
    .insert(schema.tasks)
    .values({ title, assigneeId: ADMIN, createdById: ADMIN })
    .returning({ id: schema.tasks.id, version: schema.tasks.version });
  await deleteTask(admin, task!.id, task!.version);
  // As if deleted that long ago: the window is measured from the kept row's deletedAt.
  await db
    .update(schema.deletedRecords)
    .set({ deletedAt: new Date(Date.now() - daysAgo * DAY) })
    .where(eq(schema.deletedRecords.id, task!.id));
  return task!.id;
}

const kept = async (id: string) =>
  (await db.select().from(schema.deletedRecords).where(eq(schema.deletedRecords.id, id))).length;

const entries = (id: string, action: 'purge' | 'delete' | 'restore') =>
  db
    .select()
    .from(schema.changes)
    .where(and(eq(schema.changes.entityId, id), eq(schema.changes.action, action)));

async function refusal(promise: Promise<unknown>): Promise<ApiError> {
  const error: unknown = await promise.then(
    () => null,
    (caught: unknown) => caught,
  );
  if (!(error instanceof ApiError)) throw new Error(`expected an ApiError, got ${String(error)}`);
  return error;
}

beforeAll(async () => {
  ({ client, db } = await openMigratedPglite());
  await db
    .insert(schema.users)
    .values({ id: ADMIN, email: 'admin@example.com', firstName: 'Ada', lastName: 'Admin', role: 'admin' });
});
afterAll(() => client.close());

describe('purge of deleted records after RESTORE_WINDOW_DAYS', () => {
  it('removes a task older than the window for good, with a history entry; a newer one stays', async () => {
    const window = getEnv().RESTORE_WINDOW_DAYS;
    const old = await deletedTask('Alt gelöscht', window + 1);
    const recent = await deletedTask('Eben gelöscht', window - 1);

    // After the window, before the purge ran: refused with the reason, the row still kept.
    const late = await refusal(restoreDeleted(admin, 'task', old));
    expect(late.statusCode).toBe(422);
    expect(late.details?.[0]).toMatchObject({ path: 'id', code: 'restoreWindowPassed' });

    expect(await purgeDeleted()).toBeGreaterThanOrEqual(1);

    expect(await kept(old)).toBe(0);
    const purge = await entries(old, 'purge');
    expect(purge).toHaveLength(1);
    expect(purge[0]).toMatchObject({ entityType: 'task', entityLabel: 'Alt gelöscht', actorId: null });
    expect(purge[0]!.fields).toEqual([expect.objectContaining({ field: 'deletedAt', after: null })]);

    expect(await kept(recent)).toBe(1);
    expect(await entries(recent, 'purge')).toHaveLength(0);

    // Purged: gone for good, and the restore says so rather than a bare "not found".
    const gone = await refusal(restoreDeleted(admin, 'task', old));
    expect(gone.statusCode).toBe(422);
    expect(gone.details?.[0]).toMatchObject({ path: 'id', code: 'restoreWindowPassed' });

    // Within the window it still comes back.
    await restoreDeleted(admin, 'task', recent);
    const [back] = await db.select().from(schema.tasks).where(eq(schema.tasks.id, recent));
    expect(back).toMatchObject({ title: 'Eben gelöscht' });
    expect(await entries(recent, 'restore')).toHaveLength(1);
  });

  it('purges nothing inside the window', async () => {
    const fresh = await deletedTask('Gerade gelöscht', 0);
    await purgeDeleted();
    expect(await kept(fresh)).toBe(1);
  });
});
