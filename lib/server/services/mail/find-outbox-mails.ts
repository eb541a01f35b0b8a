import 'server-only';
import { desc, eq } from 'drizzle-orm';
import type { z } from 'zod';
import type { outboxListSchema, outboxQuerySchema } from '@/lib/schemas/user';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';

type OutboxQuery = z.output<typeof outboxQuerySchema>;
type OutboxList = z.input<typeof outboxListSchema>;

/**
 * `GET /mail/outbox`: the mails kept in the database, newest first, optionally to one address.
 * Administrators only: the mails hold live activation and reset links. Without SMTP this is
 * where QA and the browser tests find them.
 */
export async function findOutboxMails(actor: Actor, query: OutboxQuery): Promise<OutboxList> {
  if (actor.role !== 'admin') throw new ApiError('forbidden', 'Nur Administratoren sehen den Postausgang.');
  const db = await getDb();
  const to = query.to?.trim().toLowerCase();
  const rows = await db
    .select({
      id: mailOutbox.id,
      to: mailOutbox.to,
      subject: mailOutbox.subject,
      text: mailOutbox.text,
      template: mailOutbox.template,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      attempts: mailOutbox.attempts,
      lastAttemptAt: mailOutbox.lastAttemptAt,
      lastError: mailOutbox.error,
    })
    .from(mailOutbox)
    .where(to ? eq(mailOutbox.to, to) : undefined)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(query.perPage);
  return {
    items: rows.map((row) => ({
      ...row,
      createdAt: row.createdAt.toISOString(),
      sentAt: row.sentAt?.toISOString() ?? null,
      lastAttemptAt: row.lastAttemptAt?.toISOString() ?? null,
    })),
  };
}
