import 'server-only';
import { eq } from 'drizzle-orm';
import { appBaseUrl, getEnv } from '@/lib/env';
import type { Locale } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db/client';
import { mailOutbox } from '@/lib/server/db/schema';
import { type MailTemplate, renderMail } from './templates';

const APP_NAME = 'Employee Benefits Master Tool';

type Transport = { sendMail: (message: Record<string, unknown>) => Promise<unknown> };
const globalForMail = globalThis as unknown as { __benefitsMailTransport?: Promise<Transport> };

function transport(smtpUrl: string): Promise<Transport> {
  globalForMail.__benefitsMailTransport ??= import('nodemailer').then(
    ({ default: nodemailer }) => nodemailer.createTransport(smtpUrl) as unknown as Transport,
  );
  return globalForMail.__benefitsMailTransport;
}

export interface MailRequest {
  to: string;
  locale: Locale;
  template: MailTemplate;
  name: string;
  /** App path with query, e.g. `/aktivierung/?token=…`; made absolute with NEXTAUTH_URL. */
  path?: string;
  validHours?: number;
}

/**
 * Sends a mail in the recipient's language. Every mail is kept in the outbox; with SMTP_URL it
 * also goes out over SMTP (the outcome recorded on the row), without it the link is logged
 * (the embedded default). Call it after the transaction that caused the mail has committed.
 */
export async function sendMail(request: MailRequest): Promise<string> {
  const env = getEnv();
  const link = request.path ? `${appBaseUrl()}${request.path}` : undefined;
  const mail = renderMail(request.template, request.locale, {
    name: request.name,
    link,
    validHours: request.validHours,
    appName: APP_NAME,
    operator: env.OPERATOR_NAME,
  });
  // Stored in lower case, like the users' addresses, so the outbox can be searched by address.
  const to = request.to.trim().toLowerCase();
  const db = await getDb();
  const [row] = await db
    .insert(mailOutbox)
    .values({ to, subject: mail.subject, text: mail.text, html: mail.html, template: request.template })
    .returning({ id: mailOutbox.id });
  if (!row) throw new Error('sendMail: insert returned no row');

  if (!env.SMTP_URL) {
    console.log(`[mail] ${request.template} for ${to}${link ? `: ${link}` : ''} (no SMTP_URL: kept in the outbox)`);
    return row.id;
  }
  try {
    await (
      await transport(env.SMTP_URL)
    ).sendMail({
      from: env.MAIL_FROM,
      to,
      subject: mail.subject,
      text: mail.text,
      html: mail.html,
    });
    await db.update(mailOutbox).set({ sentAt: new Date() }).where(eq(mailOutbox.id, row.id));
  } catch (error) {
    console.error(`[mail] sending ${request.template} to ${to} failed`, error);
    await db
      .update(mailOutbox)
      .set({ error: error instanceof Error ? error.message.slice(0, 500) : 'unknown error' })
      .where(eq(mailOutbox.id, row.id));
  }
  return row.id;
}
