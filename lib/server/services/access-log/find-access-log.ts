import 'server-only';
import { and, desc, eq, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { AccessLogEntry, AccessLogPage, AccessLogPerspective, AccessLogQuery } from '@/lib/schemas/access-log';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import { accessLog, users } from '@/lib/server/db/schema';
import { userLabel } from '@/lib/server/history/change-fields';
import { pseudonym } from '@/lib/server/history/personal-refs';
import { ApiError } from '@/lib/server/http/api-error';
import { requireUserRow } from '@/lib/server/services/users/user-record';

const actors = alias(users, 'access_actor');
const subjects = alias(users, 'access_subject');

/**
 * Names as the history shows them: resolved from the person's row now, so an erased person appears
 * as their pseudonym ("Gelöschte Person 7F3A") wherever the log names them; a row of nobody known
 * (a person removed behind the application) names the pseudonym too.
 */
const nameOf = (id: string, person: { firstName: string; lastName: string; email: string } | null) =>
  person ? userLabel(person) : pseudonym(id);

/** One page of the log about one person, newest first, on the person's index; `after` is a row id. */
export async function selectAccessRows(
  db: DbOrTx,
  personId: string,
  perspective: AccessLogPerspective,
  options: { limit: number; after?: string },
): Promise<AccessLogEntry[]> {
  const person = perspective === 'subject' ? accessLog.subjectId : accessLog.actorId;
  const anchor = options.after
    ? sql`(${accessLog.at}, ${accessLog.id}) < (select a.at, a.id from access_log a where a.id = ${options.after})`
    : undefined;
  const rows = await db
    .select({
      id: accessLog.id,
      at: accessLog.at,
      actorId: accessLog.actorId,
      apiKeyId: accessLog.apiKeyId,
      subjectId: accessLog.subjectId,
      operation: accessLog.operation,
      route: accessLog.route,
      actorFirstName: actors.firstName,
      actorLastName: actors.lastName,
      actorEmail: actors.email,
      subjectFirstName: subjects.firstName,
      subjectLastName: subjects.lastName,
      subjectEmail: subjects.email,
    })
    .from(accessLog)
    .leftJoin(actors, eq(actors.id, accessLog.actorId))
    .leftJoin(subjects, eq(subjects.id, accessLog.subjectId))
    .where(and(eq(person, personId), anchor))
    .orderBy(desc(accessLog.at), desc(accessLog.id))
    .limit(options.limit);
  return rows.map((row) => ({
    id: String(row.id),
    at: row.at.toISOString(),
    actor: {
      id: row.actorId,
      name: nameOf(
        row.actorId,
        row.actorEmail === null
          ? null
          : { firstName: row.actorFirstName ?? '', lastName: row.actorLastName ?? '', email: row.actorEmail },
      ),
      apiKeyId: row.apiKeyId,
    },
    subject: {
      id: row.subjectId,
      name: nameOf(
        row.subjectId,
        row.subjectEmail === null
          ? null
          : { firstName: row.subjectFirstName ?? '', lastName: row.subjectLastName ?? '', email: row.subjectEmail },
      ),
    },
    operation: row.operation,
    route: row.route,
  }));
}

/**
 * `GET /users/{id}/access-log/` (issue 51): who viewed the person (`as=subject`) or whose data they
 * viewed (`as=actor`). Administrators only — a person, not an API key; the person themself sees who
 * viewed them in their data export. Reading the log is not itself logged.
 */
export async function findAccessLog(actor: Actor, id: string, query: AccessLogQuery): Promise<AccessLogPage> {
  if (actor.role !== 'admin' || actor.apiKey) {
    throw new ApiError('forbidden', 'Nur Administratoren sehen, wer welche personenbezogenen Daten angesehen hat.');
  }
  const db = await getDb();
  const user = await requireUserRow(db, actor, id);
  const rows = await selectAccessRows(db, user.id, query.as, { limit: query.perPage + 1, after: query.cursor });
  const items = rows.slice(0, query.perPage);
  return { items, nextCursor: rows.length > query.perPage ? (items.at(-1)?.id ?? null) : null };
}
