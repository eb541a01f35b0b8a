import 'server-only';
import { and, eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { User, profileUpdateSchema } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { diffFields, recordChange } from '@/lib/server/history/record-change';
import { conflict } from '@/lib/server/http/etag';
import { userLabel } from '@/lib/server/services/identity/identity-user';
import { lockOwnRow, requireProfile } from './profile-record';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * `PATCH /profile`: name, phone and language of the caller, with the same optimistic locking as
 * every record (SPEC §5): the change applies only to the version the form was filled from, else
 * 409 with the record as it is now (another tab, or an administrator, changed it meanwhile).
 */
export async function updateProfile(actor: Actor, input: ProfileUpdate, expectedVersion: number): Promise<User> {
  const { version: _version, ...requested } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await lockOwnRow(tx, actor.id);
    if (current.version !== expectedVersion) throw conflict(await requireProfile(tx, actor.id));

    const fields = diffFields(current as unknown as Record<string, unknown>, requested);
    if (fields.length > 0) {
      const [updated] = await tx
        .update(users)
        .set({ ...requested, version: sql`${users.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(users.id, actor.id), eq(users.version, expectedVersion)))
        .returning({ firstName: users.firstName, lastName: users.lastName, email: users.email });
      if (!updated) throw conflict(await requireProfile(tx, actor.id));
      await recordChange(tx, {
        actor,
        entityType: 'user',
        entityId: actor.id,
        entityLabel: userLabel(updated),
        accountId: current.accountId,
        action: 'update',
        fields,
      });
    }
    return requireProfile(tx, actor.id);
  });
}
