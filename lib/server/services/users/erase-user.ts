import 'server-only';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import type { Tx } from '@/lib/server/db/types';
import {
  approvals,
  historyPersonalValues,
  idempotencyKeys,
  mailOutbox,
  mfaChallenges,
  mfaPasskeys,
  mfaRecoveryCodes,
  mfaTotp,
  listColumns,
  notificationSettings,
  notifications,
  savedViews,
  sessions,
  oneTimeTokens,
  signInAttempts,
  signInLockouts,
  users,
  webhookMessages,
} from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { userLabel } from '@/lib/server/history/change-fields';
import { pseudonym, pseudonymEmail } from '@/lib/server/history/personal-refs';
import { ApiError, invalidField } from '@/lib/server/http/api-error';
import { revokeUserSessions } from '@/lib/server/services/auth/revoke-session';
import { eraseFromImportReports } from '@/lib/server/services/imports/erase-from-imports';
import { requestApproval, type ApprovalRef } from '@/lib/server/services/approvals/request-approval';
import type { ApprovalRow } from '@/lib/server/services/approvals/approval-record';
import type { MailRequest } from '@/lib/server/mail/send-mail';
import { requireUserRow } from './user-record';
import { assertMayWriteUser } from './user-rules';

/**
 * GDPR Art. 17 (issue 29). Erasing a person is a four-eyes request (`user_erasure` approval): admin
 * or back office within reach files it (never for themselves; back office not for an administrator),
 * someone else with approvals.decide approves it — and never the person to be erased.
 */
export async function requestUserErasure(actor: Actor, id: string, input: { reason: string }): Promise<ApprovalRef> {
  if (actor.role !== 'admin' && actor.role !== 'backoffice') {
    throw new ApiError('forbidden', 'Nur Administratoren und der Innendienst beantragen eine Löschung.');
  }
  const db = await getDb();
  return db.transaction(async (tx) => {
    const user = await requireUserRow(tx, actor, id, { lock: 'update' });
    if (user.id === actor.id) {
      throw new ApiError('forbidden', 'Die eigene Löschung muss jemand anderes beantragen.');
    }
    assertMayWriteUser(actor, user);
    if (user.erasedAt) throw invalidField('erasure', 'userErased');
    return requestApproval(tx, actor, {
      kind: 'user_erasure',
      entityType: 'user',
      entityId: user.id,
      // The decider sees whom; an approved erasure renames the approval to the pseudonym.
      entityLabel: userLabel(user),
      accountId: user.accountId,
      payload: { erase: true },
      baseVersion: user.version,
      reason: input.reason,
    });
  });
}

type ApplyResult = { applied: false } | { applied: true; mail: MailRequest | null };

/**
 * Applies an approved erasure inside the decision's transaction: the user row keeps its id (every
 * record they touched stays theirs) but its name, e-mail and phone become the pseudonym's, the
 * password goes, the status is `deactivated` and every session ends; the history's references to
 * their values are deleted (no history row changes, so the hash chain stays valid); sign-in
 * attempts, lockouts, mail and idempotency answers naming their address are deleted; stored import
 * reports naming it get the pseudonym (lib/server/import/scrub-report.ts). Whitelist
 * entries naming the address stay: the list belongs to the account, which decides (README).
 */
export async function applyUserErasure(tx: Tx, actor: Actor, approval: ApprovalRow): Promise<ApplyResult> {
  if (actor.id === approval.entityId) {
    throw new ApiError('four_eyes', 'Über die eigene Löschung entscheidet jemand anderes.');
  }
  const [user] = await tx.select().from(users).where(eq(users.id, approval.entityId)).for('update');
  if (!user || user.erasedAt) return { applied: false };
  assertMayWriteUser(actor, user);
  const oldEmail = user.email.toLowerCase();
  const name = pseudonym(user.id);
  await tx
    .update(users)
    .set({
      firstName: 'Gelöschte',
      lastName: name.slice('Gelöschte '.length),
      email: pseudonymEmail(user.id),
      phone: '',
      passwordHash: null,
      status: 'deactivated',
      erasedAt: sql`now()`,
      version: sql`${users.version} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, user.id));
  await revokeUserSessions(user.id, 'erased', { tx });
  await tx.delete(oneTimeTokens).where(eq(oneTimeTokens.userId, user.id));
  // Second factors: passkey names are often personal ("Annas iPhone"), and nobody signs in any more.
  await tx.delete(mfaTotp).where(eq(mfaTotp.userId, user.id));
  await tx.delete(mfaRecoveryCodes).where(eq(mfaRecoveryCodes.userId, user.id));
  await tx.delete(mfaPasskeys).where(eq(mfaPasskeys.userId, user.id));
  await tx.delete(mfaChallenges).where(eq(mfaChallenges.userId, user.id));
  // Every address the person ever had (the history keeps the earlier ones among their values).
  const addresses = await everyAddress(tx, user.id, oldEmail);
  // Import reports naming them (issue 49), while their earlier names are still known.
  await eraseFromImportReports(tx, user, addresses);
  await tx.delete(historyPersonalValues).where(eq(historyPersonalValues.personId, user.id));
  await tx.delete(signInAttempts).where(inArray(sql`lower(${signInAttempts.email})`, addresses));
  await tx.delete(signInLockouts).where(inArray(sql`lower(${signInLockouts.email})`, addresses));
  await tx.delete(mailOutbox).where(inArray(sql`lower(${mailOutbox.to})`, addresses));
  // Their sessions are revoked above; the rows stay (refresh tokens point at them) without address and browser.
  await tx.update(sessions).set({ ip: '', userAgent: '' }).where(eq(sessions.userId, user.id));
  // Webhook messages about them, with their delivery logs (issue 48; payloads hold ids, no names).
  await tx.delete(webhookMessages).where(sql`${webhookMessages.payload}->'data'->>'id' = ${user.id}`);
  await redactOthersMail(tx, user, name);
  await tx
    .delete(idempotencyKeys)
    .where(sql`strpos(lower(coalesce(${idempotencyKeys.responseBody}, '')), ${oldEmail}) > 0`);
  // Their own notifications go; others' notifications about approvals on them name the pseudonym.
  await tx.delete(notifications).where(eq(notifications.userId, user.id));
  await tx.delete(notificationSettings).where(eq(notificationSettings.userId, user.id));
  // Saved views may carry what they typed (names, searches); chosen columns go with them.
  await tx.delete(savedViews).where(eq(savedViews.userId, user.id));
  await tx.delete(listColumns).where(eq(listColumns.userId, user.id));
  await tx.execute(sql`
    UPDATE notifications n SET title = replace(n.title, a.entity_label, ${name})
    FROM approvals a
    WHERE n.entity_type = 'approval' AND n.entity_id = a.id
      AND a.entity_type = 'user' AND a.entity_id = ${user.id} AND a.entity_label <> ''`);
  await tx
    .update(approvals)
    .set({ entityLabel: name })
    .where(and(eq(approvals.entityType, 'user'), eq(approvals.entityId, user.id)));
  // The erasure itself, without the erased data: who approved it and that it happened.
  await recordChange(tx, {
    actor,
    entityType: 'user',
    entityId: user.id,
    entityLabel: name,
    accountId: user.accountId,
    action: 'delete',
    fields: [
      { field: 'status', before: user.status, after: 'deactivated' },
      { field: 'erasure', before: null, after: 'erased' },
    ],
    approvalId: approval.id,
  });
  return { applied: true, mail: null };
}

/** The person's address now and every earlier one the history's personal values hold (lower case). */
async function everyAddress(tx: Tx, personId: string, current: string): Promise<string[]> {
  const values = await tx
    .select({ value: historyPersonalValues.value })
    .from(historyPersonalValues)
    .where(and(eq(historyPersonalValues.personId, personId), sql`strpos(${historyPersonalValues.value}, '@') > 0`));
  return [...new Set([current, ...values.map((row) => row.value.trim().toLowerCase())])];
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (char) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[char]!);

/**
 * Mail to others that names the person (a decider's "Freigabe angefragt: Löschung von …", sent or
 * still queued) keeps its row, but the name, e-mail address and phone number in its subject, text
 * and HTML become the pseudonym — a queued one is then sent that way. The last name alone is
 * replaced only in the mails that named the person in full, so that a short name cannot alter
 * unrelated mail.
 */
async function redactOthersMail(
  tx: Tx,
  user: { id: string; firstName: string; lastName: string; email: string; phone: string | null },
  name: string,
): Promise<void> {
  const labels = await tx
    .selectDistinct({ label: approvals.entityLabel })
    .from(approvals)
    .where(and(eq(approvals.entityType, 'user'), eq(approvals.entityId, user.id)));
  const full = [
    ...labels.map((row) => row.label),
    userLabel(user),
    `${user.lastName}, ${user.firstName}`,
    user.email,
    user.email.toLowerCase(),
    user.phone ?? '',
  ].filter((value) => value.trim().length >= 3);
  const variants = [...new Set(full.flatMap((value) => [value, escapeHtml(value)]))]
    // Longest first: "Erika Löschbar" before "Löschbar".
    .sort((a, b) => b.length - a.length);
  const touched = new Set<string>();
  const replaceIn = async (value: string, where: ReturnType<typeof sql>) => {
    const rows = await tx
      .update(mailOutbox)
      .set({
        subject: sql`replace(${mailOutbox.subject}, ${value}, ${name})`,
        text: sql`replace(${mailOutbox.text}, ${value}, ${name})`,
        html: sql`replace(${mailOutbox.html}, ${value}, ${name})`,
      })
      .where(where)
      .returning({ id: mailOutbox.id });
    for (const row of rows) touched.add(row.id);
  };
  for (const value of variants) {
    await replaceIn(
      value,
      sql`(strpos(${mailOutbox.subject}, ${value}) > 0 or strpos(${mailOutbox.text}, ${value}) > 0 or strpos(${mailOutbox.html}, ${value}) > 0)`,
    );
  }
  const lastNames = [...new Set([user.lastName, escapeHtml(user.lastName)])].filter((value) => value.trim().length > 0);
  if (touched.size === 0) return;
  for (const value of lastNames) {
    await replaceIn(value, inArray(mailOutbox.id, [...touched]));
  }
}
