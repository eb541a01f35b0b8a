import 'server-only';
import { log, metrics } from '@/lib/server/observability';
import { eq, sql } from 'drizzle-orm';
import { appBaseUrl, getEnv } from '@/lib/env';
import type { Locale } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import type { DbOrTx } from '@/lib/server/db/types';
import { enqueue } from '@/lib/server/jobs/boss';
import { QUEUE } from '@/lib/server/jobs/queues';
import { type MailTemplate, renderMail } from './templates';

const APP_NAME = 'Employee Benefits Master Tool';

export interface MailRequest {
  to: string;
  locale: Locale;
  template: MailTemplate;
  name: string;
  /** App path with query, e.g. `/aktivierung/?token=…`; made absolute with NEXTAUTH_URL. */
  path?: string;
  validHours?: number;
  items?: string[];
}

/**
 * Queues a mail in the recipient's language: the outbox row and the `mail` job are written by
 * the caller's transaction (or one of their own), so a rolled-back change sends nothing and a
 * committed one cannot lose its mail. The job sends it (`deliverMail`), retrying for over a day.
 */
export async function sendMail(request: MailRequest, tx?: DbOrTx): Promise<string> {
  const env = getEnv();
  const link = request.path ? `${appBaseUrl()}${request.path}` : undefined;
  const mail = renderMail(request.template, request.locale, {
    name: request.name,
    link,
    validHours: request.validHours,
    appName: APP_NAME,
    operator: env.OPERATOR_NAME,
    items: request.items,
  });
  // Stored in lower case, like the users' addresses, so the outbox can be searched by address.
  const to = request.to.trim().toLowerCase();
  const write = async (db: DbOrTx) => {
    const [row] = await db
      .insert(mailOutbox)
      .values({ to, subject: mail.subject, text: mail.text, html: mail.html, template: request.template })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error('sendMail: insert returned no row');
    await enqueue(db, QUEUE.mail, { outboxId: row.id });
    return row.id;
  };
  if (tx) return write(tx);
  return (await getDb()).transaction(write);
}

type Transport = { sendMail: (message: Record<string, unknown>) => Promise<unknown> };
const globalForMail = globalThis as unknown as { __benefitsMailTransport?: Promise<Transport> };

function transport(smtpUrl: string): Promise<Transport> {
  globalForMail.__benefitsMailTransport ??= import('nodemailer').then(
    ({ default: nodemailer }) =>
      nodemailer.createTransport(smtpUrl, { connectionTimeout: 10_000, socketTimeout: 30_000 }) as unknown as Transport,
  );
  return globalForMail.__benefitsMailTransport;
}

/** The Message-ID of an outbox row: the same on every attempt, so a receiver drops a repeat. */
export function messageIdOf(outboxId: string, baseUrl: string): string {
  let host = 'localhost.localdomain';
  try {
    host = new URL(baseUrl).hostname || host;
  } catch {
    // keep the placeholder
  }
  return `<outbox.${outboxId}@${host}>`;
}

/**
 * The `mail` job: sends one outbox row over SMTP unless it went already. Every attempt is counted
 * on the row with its error; a failure throws, and pg-boss retries with exponential backoff.
 * Should the process die between the SMTP answer and the bookkeeping, the retry sends again
 * with the same Message-ID.
 */
export async function deliverMail(outboxId: string): Promise<void> {
  const env = getEnv();
  const db = await getDb();
  const [row] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
  if (!row || row.sentAt) return;
  if (!env.SMTP_URL) {
    const link = /https?:\/\/\S+/.exec(row.text)?.[0];
    log().info(`[mail] ${row.template} for ${row.to}${link ? `: ${link}` : ''} (no SMTP_URL: kept in the outbox)`);
    return;
  }
  const [counted] = await db
    .update(mailOutbox)
    .set({ attempts: sql`${mailOutbox.attempts} + 1`, lastAttemptAt: new Date() })
    .where(eq(mailOutbox.id, outboxId))
    .returning({ attempts: mailOutbox.attempts });
  const attempt = counted?.attempts ?? 1;
  try {
    await (
      await transport(env.SMTP_URL)
    ).sendMail({
      from: env.MAIL_FROM,
      to: row.to,
      subject: row.subject,
      text: row.text,
      html: row.html,
      messageId: messageIdOf(row.id, appBaseUrl()),
    });
  } catch (error) {
    const message = error instanceof Error ? error.message.slice(0, 500) : 'unknown error';
    // The first failure and every fifth are logged: an outage does not flood the log.
    if (attempt === 1 || attempt % 5 === 0) {
      log().error(`[mail] sending ${row.template} to ${row.to} failed, attempt ${attempt} (retried later): ${message}`);
    }
    metrics().mailsFailed.inc();
    await db.update(mailOutbox).set({ error: message }).where(eq(mailOutbox.id, outboxId));
    throw error;
  }
  metrics().mailsSent.inc();
  await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, outboxId));
}
