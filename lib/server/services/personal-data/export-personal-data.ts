import 'server-only';
import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { scopesOf } from '@/lib/server/auth/permissions';
import { getDb } from '@/lib/server/db/client';
import type { DbOrTx } from '@/lib/server/db/types';
import {
  accounts,
  approvals,
  changes,
  historyPersonalValues,
  mailOutbox,
  mfaPasskeys,
  mfaRecoveryCodes,
  mfaTotp,
  listColumns,
  notificationSettings,
  notifications,
  savedViews,
  sessions,
  signInAttempts,
  tasks,
  users,
} from '@/lib/server/db/schema';
import { ApiError } from '@/lib/server/http/api-error';
import { berlinIsoDate } from '@/lib/server/http/csv';
import { dispositionHeader } from '@/lib/server/http/download';
import { requireUserRow } from '@/lib/server/services/users/user-record';
import { afterAnchor, resolveChangeRow } from '@/lib/server/services/changes/change-list-query';
import { loadRefLookup } from '@/lib/server/history/ref-lookup';
import { resolveRefs } from '@/lib/server/history/personal-refs';
import { mapEntryTexts, othersByName, withoutForeignEmails } from './foreign-values';
import { PERSONAL_DATA_LABELS } from './labels';
import { selectAccessRows } from '@/lib/server/services/access-log/find-access-log';

/** History entries per query while streaming (keyset on (at, id)). */
const HISTORY_BATCH = 1000;
/** Sessions, tasks, approvals and mails: the newest this many of each (a person has far fewer). */
const SECTION_CAP = 10_000;

const iso = (value: Date | null) => (value ? value.toISOString() : null);
const hex = (bytes: Uint8Array) => Buffer.from(bytes).toString('hex');

/**
 * `GET /users/{id}/data-export` (admin, back office; a user outside reach is a 404 like an unknown
 * one, a manager or distributor who can see the user gets 403).
 */
export async function exportUserPersonalData(actor: Actor, id: string): Promise<Response> {
  const db = await getDb();
  const user = await requireUserRow(db, actor, id);
  if (actor.role !== 'admin' && actor.role !== 'backoffice') {
    throw new ApiError('forbidden', 'Nur Administratoren und der Innendienst exportieren die Daten anderer Personen.');
  }
  return personalDataResponse(db, user.id);
}

/** `GET /profile/data-export`: one's own data. */
export async function exportOwnPersonalData(actor: Actor): Promise<Response> {
  return personalDataResponse(await getDb(), actor.id);
}

/**
 * GDPR Art. 15/20: one JSON document with everything stored about the person, streamed: the
 * small sections at once, the history in keyset batches, so a person with a million history
 * entries costs one batch of memory. No password hash, no token, no mail text (its links hold tokens).
 */
async function personalDataResponse(db: DbOrTx, userId: string): Promise<Response> {
  const [profile] = await db
    .select({
      id: users.id,
      email: users.email,
      firstName: users.firstName,
      lastName: users.lastName,
      phone: users.phone,
      role: users.role,
      accountId: users.accountId,
      accountName: accounts.name,
      status: users.status,
      locale: users.locale,
      theme: users.theme,
      lastLoginAt: users.lastLoginAt,
      createdAt: users.createdAt,
      updatedAt: users.updatedAt,
      erasedAt: users.erasedAt,
    })
    .from(users)
    .leftJoin(accounts, eq(accounts.id, users.accountId))
    .where(eq(users.id, userId));
  if (!profile) throw new ApiError('not_found', 'Benutzer nicht gefunden.');

  const encoder = new TextEncoder();
  async function* parts(): AsyncGenerator<string> {
    const head = {
      format: 'ebmt-personal-data/1',
      exportedAt: new Date().toISOString(),
      labels: PERSONAL_DATA_LABELS,
      profile: {
        ...profile,
        lastLoginAt: iso(profile!.lastLoginAt),
        createdAt: iso(profile!.createdAt),
        updatedAt: iso(profile!.updatedAt),
        erasedAt: iso(profile!.erasedAt),
      },
      rolesAndReach: {
        role: profile!.role,
        scopes: scopesOf(profile!.role),
        reach:
          profile!.role === 'admin' || profile!.role === 'backoffice'
            ? 'all'
            : profile!.role === 'distributor'
              ? 'accounts_assigned_as_distributor'
              : 'own_account_tree',
        accountId: profile!.accountId,
      },
    };
    const opening = JSON.stringify(head);
    yield opening.slice(0, -1);
    const own = await ownAddresses(db, userId, profile!.email);
    for (const [key, load] of Object.entries(sections(db, userId, own))) {
      yield `,${JSON.stringify(key)}:${JSON.stringify(await load())}`;
    }
    yield ',"history":[';
    let after: string | undefined;
    let first = true;
    const concerning = or(
      eq(changes.actorId, userId),
      and(eq(changes.entityType, 'user'), eq(changes.entityId, userId)),
      inArray(
        changes.approvalId,
        db
          .select({ id: approvals.id })
          .from(approvals)
          .where(and(eq(approvals.entityType, 'user'), eq(approvals.entityId, userId))),
      ),
    );
    for (;;) {
      const batch = await db
        .select()
        .from(changes)
        .where(and(concerning, after ? afterAnchor(after, 'asc') : undefined))
        .orderBy(asc(changes.at), asc(changes.id))
        .limit(HISTORY_BATCH);
      const shown = batch.map((stored) => mapEntryTexts(stored, (text) => othersByName(text, userId)));
      const lookup = await loadRefLookup(db, shown);
      let chunk = '';
      for (const stored of shown) {
        const row = mapEntryTexts(resolveChangeRow(stored, lookup), (text) => withoutForeignEmails(text, own));
        chunk += `${first ? '' : ','}${JSON.stringify({
          id: row.id,
          at: row.at.toISOString(),
          actor: { id: row.actorId, name: row.actorLabel },
          role: row.actorId === userId ? 'actor' : 'subject',
          entityType: row.entityType,
          entityId: row.entityId,
          entityLabel: row.entityLabel,
          action: row.action,
          fields: row.fields,
          approvalId: row.approvalId,
          chain: row.chain,
          seq: row.seq,
          hash: hex(row.hash),
        })}`;
        first = false;
      }
      if (chunk) yield chunk;
      if (batch.length < HISTORY_BATCH) break;
      after = batch.at(-1)?.id;
    }
    yield ']}';
  }

  const iterator = parts();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
    async cancel() {
      await iterator.return(undefined);
    },
  });
  return new Response(body, {
    status: 200,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'content-disposition': dispositionHeader(`personenbezogene-daten-${berlinIsoDate()}.json`, 'attachment'),
      'cache-control': 'no-store',
      'x-content-type-options': 'nosniff',
    },
  });
}

/** The person's addresses: the current one and every earlier one the history keeps (lower case). */
async function ownAddresses(db: DbOrTx, userId: string, current: string): Promise<Set<string>> {
  const values = await db
    .select({ value: historyPersonalValues.value })
    .from(historyPersonalValues)
    .where(and(eq(historyPersonalValues.personId, userId), sql`strpos(${historyPersonalValues.value}, '@') > 0`));
  return new Set([current.toLowerCase(), ...values.map((row) => row.value.trim().toLowerCase())]);
}

/** The sections besides profile and history, each one query. */
function sections(db: DbOrTx, userId: string, own: ReadonlySet<string>): Record<string, () => Promise<unknown>> {
  return {
    // Second factors: kind, name, when created and last used — never a secret, key or code.
    factors: async () => {
      const [totp, passkeys, codes] = await Promise.all([
        db
          .select({ createdAt: mfaTotp.createdAt, confirmedAt: mfaTotp.confirmedAt })
          .from(mfaTotp)
          .where(eq(mfaTotp.userId, userId)),
        db
          .select({ name: mfaPasskeys.name, createdAt: mfaPasskeys.createdAt, lastUsedAt: mfaPasskeys.lastUsedAt })
          .from(mfaPasskeys)
          .where(eq(mfaPasskeys.userId, userId))
          .orderBy(mfaPasskeys.createdAt),
        db
          .select({ createdAt: mfaRecoveryCodes.createdAt, usedAt: mfaRecoveryCodes.usedAt })
          .from(mfaRecoveryCodes)
          .where(eq(mfaRecoveryCodes.userId, userId)),
      ]);
      return [
        ...totp.map((row) => ({
          kind: 'totp',
          name: null,
          createdAt: iso(row.createdAt),
          lastUsedAt: null,
          confirmedAt: iso(row.confirmedAt),
        })),
        ...passkeys.map((row) => ({
          kind: 'passkey',
          name: row.name,
          createdAt: iso(row.createdAt),
          lastUsedAt: iso(row.lastUsedAt),
        })),
        ...(codes.length > 0
          ? [
              {
                kind: 'recovery_codes',
                name: null,
                createdAt: iso(codes[0]!.createdAt),
                lastUsedAt: iso(
                  codes.reduce<Date | null>(
                    (last, row) => (row.usedAt && (!last || row.usedAt > last) ? row.usedAt : last),
                    null,
                  ),
                ),
                unused: codes.filter((row) => !row.usedAt).length,
              },
            ]
          : []),
      ];
    },
    // Sign-in attempts with any of the person's addresses.
    signInAttempts: async () =>
      (
        await db
          .select({
            email: signInAttempts.email,
            ip: signInAttempts.ip,
            success: signInAttempts.success,
            at: signInAttempts.at,
          })
          .from(signInAttempts)
          .where(inArray(sql`lower(${signInAttempts.email})`, [...own]))
          .orderBy(sql`${signInAttempts.at} desc`)
          .limit(SECTION_CAP)
      ).map((row) => ({ ...row, at: iso(row.at) })),
    // Who looked at their data (issue 51, GDPR Art. 15: the recipients), newest first, names as the history gives them.
    viewedBy: async () =>
      (await selectAccessRows(db, userId, 'subject', { limit: SECTION_CAP })).map((row) => ({
        at: row.at,
        actor: { id: row.actor.id, name: withoutForeignEmails(row.actor.name, own) },
        route: row.route,
        operation: row.operation,
      })),
    // The records the person created or uploaded (by the history's entries they made).
    createdRecords: async () => {
      const rows = await db
        .select({
          at: changes.at,
          entityType: changes.entityType,
          entityId: changes.entityId,
          entityLabel: changes.entityLabel,
          actorLabel: changes.actorLabel,
          action: changes.action,
        })
        .from(changes)
        .where(and(eq(changes.actorId, userId), inArray(changes.action, ['create', 'upload'])))
        .orderBy(sql`${changes.at} desc`)
        .limit(SECTION_CAP);
      const shown = rows.map((row) => mapEntryTexts({ ...row, fields: [] }, (text) => othersByName(text, userId)));
      const lookup = await loadRefLookup(db, shown);
      return shown.map((row) => {
        const label = withoutForeignEmails(resolveRefs(row.entityLabel, lookup), own);
        return {
          entityType: row.entityType,
          entityId: row.entityId,
          label,
          action: row.action,
          at: iso(row.at),
        };
      });
    },
    sessions: async () =>
      (
        await db
          .select({
            id: sessions.id,
            createdAt: sessions.createdAt,
            lastSeenAt: sessions.lastSeenAt,
            expiresAt: sessions.expiresAt,
            revokedAt: sessions.revokedAt,
            revokedReason: sessions.revokedReason,
            userAgent: sessions.userAgent,
            ip: sessions.ip,
          })
          .from(sessions)
          .where(eq(sessions.userId, userId))
          .orderBy(sql`${sessions.createdAt} desc`)
          .limit(SECTION_CAP)
      ).map((row) => ({
        ...row,
        createdAt: iso(row.createdAt),
        lastSeenAt: iso(row.lastSeenAt),
        expiresAt: iso(row.expiresAt),
        revokedAt: iso(row.revokedAt),
      })),
    tasks: async () =>
      (
        await db
          .select({
            id: tasks.id,
            title: tasks.title,
            description: tasks.description,
            status: tasks.status,
            priority: tasks.priority,
            dueDate: tasks.dueDate,
            accountId: tasks.accountId,
            createdById: tasks.createdById,
            assigneeId: tasks.assigneeId,
            createdAt: tasks.createdAt,
            completedAt: tasks.completedAt,
          })
          .from(tasks)
          .where(or(eq(tasks.createdById, userId), eq(tasks.assigneeId, userId)))
          .orderBy(sql`${tasks.createdAt} desc`)
          .limit(SECTION_CAP)
      ).map((row) => ({
        ...row,
        role:
          row.createdById === userId ? (row.assigneeId === userId ? 'creator_and_assignee' : 'creator') : 'assignee',
        createdAt: iso(row.createdAt),
        completedAt: iso(row.completedAt),
      })),
    approvals: async () =>
      (
        await db
          .select({
            id: approvals.id,
            kind: approvals.kind,
            status: approvals.status,
            entityType: approvals.entityType,
            entityId: approvals.entityId,
            entityLabel: approvals.entityLabel,
            reason: approvals.reason,
            comment: approvals.comment,
            requestedById: approvals.requestedById,
            requestedAt: approvals.requestedAt,
            decidedById: approvals.decidedById,
            decidedAt: approvals.decidedAt,
          })
          .from(approvals)
          .where(
            or(
              eq(approvals.requestedById, userId),
              eq(approvals.decidedById, userId),
              and(eq(approvals.entityType, 'user'), eq(approvals.entityId, userId)),
            ),
          )
          .orderBy(sql`${approvals.requestedAt} desc`)
          .limit(SECTION_CAP)
      ).map((row) => ({
        ...row,
        role: row.requestedById === userId ? 'requester' : row.decidedById === userId ? 'decider' : 'subject',
        requestedAt: iso(row.requestedAt),
        decidedAt: iso(row.decidedAt),
      })),
    notifications: async () => {
      const rows = await db
        .select({
          id: mailOutbox.id,
          to: mailOutbox.to,
          subject: mailOutbox.subject,
          template: mailOutbox.template,
          createdAt: mailOutbox.createdAt,
          sentAt: mailOutbox.sentAt,
        })
        .from(mailOutbox)
        // Mail to any of the person's addresses, earlier ones too.
        .where(inArray(sql`lower(${mailOutbox.to})`, [...own]))
        .orderBy(sql`${mailOutbox.createdAt} desc`)
        .limit(SECTION_CAP);
      return rows.map((row) => ({ ...row, createdAt: iso(row.createdAt), sentAt: iso(row.sentAt) }));
    },
    inAppNotifications: async () =>
      (
        await db
          .select({
            id: notifications.id,
            kind: notifications.kind,
            title: notifications.title,
            entityType: notifications.entityType,
            entityId: notifications.entityId,
            delivery: notifications.delivery,
            createdAt: notifications.createdAt,
            readAt: notifications.readAt,
          })
          .from(notifications)
          .where(eq(notifications.userId, userId))
          .orderBy(sql`${notifications.createdAt} desc`)
          .limit(SECTION_CAP)
      ).map((row) => ({ ...row, createdAt: iso(row.createdAt), readAt: iso(row.readAt) })),
    notificationSettings: async () => {
      const [row] = await db
        .select({ settings: notificationSettings.settings })
        .from(notificationSettings)
        .where(eq(notificationSettings.userId, userId));
      return row?.settings ?? {};
    },
    savedViews: async () =>
      (
        await db
          .select({
            list: savedViews.listKey,
            name: savedViews.name,
            query: savedViews.query,
            isDefault: savedViews.isDefault,
            createdAt: savedViews.createdAt,
            updatedAt: savedViews.updatedAt,
          })
          .from(savedViews)
          .where(eq(savedViews.userId, userId))
          .orderBy(savedViews.listKey, savedViews.name)
      ).map((row) => ({ ...row, createdAt: iso(row.createdAt), updatedAt: iso(row.updatedAt) })),
    listColumns: async () =>
      db
        .select({ list: listColumns.listKey, hidden: listColumns.hidden })
        .from(listColumns)
        .where(eq(listColumns.userId, userId))
        .orderBy(listColumns.listKey),
  };
}
