import 'server-only';
import type { z } from 'zod';
import type { Profile, profileUpdateSchema } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { users } from '@/lib/server/db/schema';
import { updateVersioned } from '@/lib/server/db/versioned-update';
import { conflict } from '@/lib/server/http/etag';
import { lockOwnRow, requireProfile } from './profile-record';
import { userLabel } from '@/lib/server/history/change-fields';

export type ProfileUpdate = z.output<typeof profileUpdateSchema>;

/**
 * `PATCH /profile`: name, phone, language and theme of the caller, with the same optimistic locking as
 * every record (SPEC §5): the change applies only to the version the form was filled from, else
 * 409 with the record as it is now (another tab, or an administrator, changed it meanwhile).
 */
export async function updateProfile(actor: Actor, input: ProfileUpdate, expectedVersion: number): Promise<Profile> {
  const { version: _version, ...requested } = input;
  const db = await getDb();
  return db.transaction(async (tx) => {
    const current = await lockOwnRow(tx, actor.id);
    await updateVersioned(tx, {
      table: users,
      current,
      expectedVersion,
      changes: requested,
      conflict: async () => conflict(await requireProfile(tx, actor.id)),
      history: (row) => ({
        actor,
        entityType: 'user',
        entityId: actor.id,
        entityLabel: userLabel(row),
        accountId: current.accountId,
      }),
    });
    return requireProfile(tx, actor.id);
  });
}
