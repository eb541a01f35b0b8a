import 'server-only';
import { eq, inArray, sql } from 'drizzle-orm';
import { hrefs } from '@/lib/hrefs';
import type { NotificationKind } from '@/lib/schemas/notification-constants';
import type { Locale } from '@/lib/schemas/auth';
import { getDb } from '@/lib/server/db/client';
import {
  accounts,
  approvals,
  documents,
  notificationSettings,
  notifications,
  tasks,
  users,
} from '@/lib/server/db/schema';
import type { DbOrTx } from '@/lib/server/db/types';
import { userLabel } from '@/lib/server/history/change-fields';
import { enqueue } from '@/lib/server/jobs/boss';
import { QUEUE } from '@/lib/server/jobs/queues';
import { sendMail } from '@/lib/server/mail/send-mail';
import {
  type Candidate,
  approvalDecidedRecipients,
  approvalRequestedRecipients,
  documentAddedRecipients,
  effectiveSettings,
  taskAssignedRecipients,
} from './recipients';
import { titles } from './titles';

/** What happened; the `notify` job works out who is told. */
export type NotificationEvent =
  | { kind: 'taskAssigned'; taskId: string; assigneeId: string; actorId: string; version: number }
  | { kind: 'approvalRequested'; approvalId: string; actorId: string }
  | { kind: 'approvalDecided'; approvalId: string; actorId: string }
  | { kind: 'documentAdded'; documentId: string; actorId: string };

/**
 * Enqueues the fan-out in the transaction of the change (one job insert, whatever the number of
 * recipients): a rolled-back change tells nobody, a committed one everybody it concerns.
 */
export async function notifyLater(tx: DbOrTx, event: NotificationEvent): Promise<void> {
  await enqueue(tx, QUEUE.notify, event);
}

/**
 * The same fan-out as the `job` of the change's history entry (`recordChange`): enqueued by the
 * entry's own statement, one statement less per change that tells someone.
 */
export function notifyJob(event: NotificationEvent): { queue: typeof QUEUE.notify; data: NotificationEvent } {
  return { queue: QUEUE.notify, data: event };
}

const recipientColumns = {
  id: users.id,
  role: users.role,
  status: users.status,
  accountId: users.accountId,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  locale: users.locale,
};
type Recipient = Candidate & { email: string; firstName: string; lastName: string; locale: Locale };

export interface PlannedNotification {
  recipient: Recipient;
  kind: NotificationKind;
  title: string;
  entityType: 'task' | 'approval' | 'document';
  entityId: string;
  dedupeKey: string;
  path: string;
}

async function plan(db: DbOrTx, event: NotificationEvent): Promise<PlannedNotification[]> {
  switch (event.kind) {
    case 'taskAssigned': {
      const [task] = await db.select().from(tasks).where(eq(tasks.id, event.taskId));
      if (!task || task.assigneeId !== event.assigneeId) return [];
      const [assignee] = await db.select(recipientColumns).from(users).where(eq(users.id, event.assigneeId));
      return (taskAssignedRecipients(assignee as Recipient | undefined, event.actorId) as Recipient[]).map(
        (recipient) => ({
          recipient,
          kind: event.kind,
          title: titles.taskAssigned(recipient.locale, task),
          entityType: 'task',
          entityId: task.id,
          dedupeKey: `taskAssigned:${task.id}:${event.version}`,
          path: hrefs.task(task.id),
        }),
      );
    }
    case 'approvalRequested':
    case 'approvalDecided': {
      const [approval] = await db.select().from(approvals).where(eq(approvals.id, event.approvalId));
      if (!approval) return [];
      let recipients: Recipient[];
      if (event.kind === 'approvalRequested') {
        if (approval.status !== 'pending') return [];
        const staff = await db
          .select(recipientColumns)
          .from(users)
          .where(sql`${users.role} IN ('admin', 'backoffice') AND ${users.status} = 'active'`);
        recipients = approvalRequestedRecipients(staff as Recipient[], approval.requestedById) as Recipient[];
      } else {
        if (approval.status === 'pending' || approval.status === 'withdrawn') return [];
        const [requester] = await db.select(recipientColumns).from(users).where(eq(users.id, approval.requestedById));
        recipients = approvalDecidedRecipients(requester as Recipient | undefined, event.actorId) as Recipient[];
      }
      return recipients.map((recipient) => ({
        recipient,
        kind: event.kind,
        title:
          event.kind === 'approvalRequested'
            ? titles.approvalRequested(recipient.locale, approval)
            : titles.approvalDecided(recipient.locale, approval),
        entityType: 'approval',
        entityId: approval.id,
        dedupeKey: `${event.kind}:${approval.id}`,
        path: hrefs.approval(approval.id),
      }));
    }
    case 'documentAdded': {
      const [document] = await db.select().from(documents).where(eq(documents.id, event.documentId));
      if (!document?.accountId || document.deletedAt) return [];
      const [account] = await db
        .select({ name: accounts.name, lineage: accounts.lineage, distributorId: accounts.distributorId })
        .from(accounts)
        .where(eq(accounts.id, document.accountId));
      if (!account) return [];
      const candidates = await db
        .select(recipientColumns)
        .from(users)
        .where(
          sql`${users.status} = 'active' AND ((${users.role} = 'manager' AND ${users.accountId} = ANY(${sql.param(account.lineage)}::uuid[])) OR ${users.id} = ${account.distributorId})`,
        );
      return (documentAddedRecipients(candidates as Recipient[], account, event.actorId) as Recipient[]).map(
        (recipient) => ({
          recipient,
          kind: event.kind,
          title: titles.documentAdded(recipient.locale, { title: document.title, accountName: account.name }),
          entityType: 'document',
          entityId: document.id,
          dedupeKey: `documentAdded:${document.id}`,
          path: hrefs.document(document.id),
        }),
      );
    }
  }
}

/**
 * Writes planned notifications in one transaction: each once per recipient and event (the
 * dedupe key; a retried or doubled job adds nothing), with its mail queued at once for those who
 * chose `immediate`; `digest` waits for the daily digest, `off` stays in the app.
 */
export async function deliverNotifications(db: DbOrTx, planned: PlannedNotification[]): Promise<number> {
  if (planned.length === 0) return 0;
  const ids = [...new Set(planned.map((item) => item.recipient.id))];
  const stored = await db
    .select({ userId: notificationSettings.userId, settings: notificationSettings.settings })
    .from(notificationSettings)
    .where(inArray(notificationSettings.userId, ids));
  const storedBy = new Map(stored.map((row) => [row.userId, row.settings]));
  let written = 0;
  for (const item of planned) {
    const delivery = effectiveSettings(item.recipient.role, storedBy.get(item.recipient.id))[item.kind];
    const inserted = await db
      .insert(notifications)
      .values({
        userId: item.recipient.id,
        kind: item.kind,
        title: item.title,
        entityType: item.entityType,
        entityId: item.entityId,
        dedupeKey: item.dedupeKey,
        delivery,
      })
      .onConflictDoNothing()
      .returning({ id: notifications.id });
    if (inserted.length === 0) continue;
    written += 1;
    if (delivery === 'immediate') {
      await sendMail(
        {
          to: item.recipient.email,
          locale: item.recipient.locale,
          template: 'notification',
          name: userLabel(item.recipient),
          path: item.path,
          items: [item.title],
        },
        db,
      );
    }
  }
  return written;
}

/** The `notify` job. */
export async function fanOut(event: NotificationEvent): Promise<number> {
  const db = await getDb();
  return db.transaction(async (tx) => deliverNotifications(tx, await plan(tx, event)));
}
