import 'server-only';
import { eq } from 'drizzle-orm';
import { type StoredImport, storedImportSchema } from '@/lib/schemas/import';
import { isStaff } from '@/lib/schemas/roles';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { imports, users } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { pseudonym } from '@/lib/server/history/personal-refs';
import { notFound } from '@/lib/server/http/api-error';

/**
 * `GET /imports/{id}`: a stored import report. Admin and back office read every report; anyone
 * else only the reports of their own imports (another's answers 404, as if it did not exist).
 */
export async function getImport(actor: Actor, id: string): Promise<StoredImport> {
  const db = await getDb();
  const [row] = await db.select().from(imports).where(eq(imports.id, id)).limit(1);
  if (!row || (!isStaff(actor.role) && row.actorId !== actor.id)) throw notFound('Import');
  // The person who imported, named as the history names them now (an erased person by the pseudonym).
  const [person] = row.actorId
    ? await db
        .select({ firstName: users.firstName, lastName: users.lastName, email: users.email, erasedAt: users.erasedAt })
        .from(users)
        .where(eq(users.id, row.actorId))
        .limit(1)
    : [];
  const name = row.actorId ? (person && !person.erasedAt ? userLabel(person) : pseudonym(row.actorId)) : row.actorLabel;
  return storedImportSchema.parse({
    id: row.id,
    kind: row.kind,
    actor: { id: row.actorId, name },
    accountId: row.accountId,
    createdAt: row.createdAt.toISOString(),
    report: row.report,
  });
}
