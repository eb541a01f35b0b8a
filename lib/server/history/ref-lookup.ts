import 'server-only';
import { inArray } from 'drizzle-orm';
import type { DbOrTx } from '@/lib/server/db/types';
import { historyPersonalValues, users, type ChangeField } from '@/lib/server/db/schema';
import { userLabel } from './change-fields';
import { collectRefs, type RefIds, type RefLookup } from './personal-refs';

export interface RefHolder {
  actorLabel: string;
  entityLabel: string;
  fields: ChangeField[];
}

/** One lookup of every person and value the given history entries reference (two queries at most). */
export async function loadRefLookup(db: DbOrTx, rows: readonly RefHolder[]): Promise<RefLookup> {
  const ids: RefIds = { persons: new Set(), values: new Set() };
  for (const row of rows) {
    collectRefs(row.actorLabel, ids);
    collectRefs(row.entityLabel, ids);
    for (const entry of row.fields) {
      if (typeof entry.before === 'string') collectRefs(entry.before, ids);
      if (typeof entry.after === 'string') collectRefs(entry.after, ids);
    }
  }
  const [people, values] = await Promise.all([
    ids.persons.size === 0
      ? []
      : db
          .select({ id: users.id, firstName: users.firstName, lastName: users.lastName, email: users.email })
          .from(users)
          .where(inArray(users.id, [...ids.persons])),
    ids.values.size === 0
      ? []
      : db
          .select({ id: historyPersonalValues.id, value: historyPersonalValues.value })
          .from(historyPersonalValues)
          .where(inArray(historyPersonalValues.id, [...ids.values])),
  ]);
  const labels = new Map(people.map((person) => [person.id, userLabel(person)]));
  const kept = new Map(values.map((entry) => [entry.id, entry.value]));
  return { person: (id) => labels.get(id), value: (id) => kept.get(id) };
}
