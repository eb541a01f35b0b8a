import 'server-only';
import { getEnv } from '@/lib/env';
import { deliverMail } from '@/lib/server/mail/send-mail';
import { runDigest } from '@/lib/server/services/notifications/digest';
import { type NotificationEvent, fanOut } from '@/lib/server/services/notifications/fan-out';
import { APP_TIME_ZONE, dailyCron } from '@/lib/server/services/notifications/berlin-time';
import { runTaskDue } from '@/lib/server/services/notifications/task-due';
import { deliverWebhook } from '@/lib/server/services/webhooks/deliver-webhook';
import { checkpointHistory } from '@/lib/server/services/changes/checkpoint-changes';
import { SpanKind } from '@opentelemetry/api';
import { purgeAccessLog } from '@/lib/server/services/access-log/purge-access-log';
import { purgeDeleted } from '@/lib/server/services/trash/purge-deleted';
import { log, metrics, observability } from '@/lib/server/observability';
import { withSpan } from '@/lib/server/observability/tracing';
import { getBoss, stopBoss } from './boss';
import { QUEUE } from './queues';

/** Concurrent workers per queue in one process (each takes one job at a time). */
// A worker takes one job per poll (JOBS_POLL_MS): 4 mail workers send up to 8 mails a second, so a
// backlog of retries while SMTP was down drains before new mail waits long behind it.
const TEAM = {
  mail: 4,
  notify: 2,
  digest: 1,
  'task-due': 1,
  webhook: 2,
  'audit-checkpoint': 1,
  'access-log-purge': 1,
  'purge-deleted': 1,
} as const;

const globalForWorkers = globalThis as unknown as { __benefitsWorkers?: Promise<void> };

async function start(): Promise<void> {
  const env = getEnv();
  const boss = await getBoss({ supervise: true });
  const pollingIntervalSeconds = env.JOBS_POLL_MS / 1000;
  type Job = { id: string; name: string; data: unknown };
  // Each job runs in the context of the request that enqueued it (its id on the job's log lines).
  const each = (handle: (data: never) => Promise<unknown>) => async (jobs: Job[]) => {
    for (const job of jobs) {
      const data = job.data as { requestId?: unknown } | null;
      const requestId = typeof data?.requestId === 'string' ? data.requestId : `job:${job.id}`;
      try {
        // A span per job (its request id, queue and id; no payload), the parent of its SQL statements' spans.
        await observability().context.run({ requestId }, () =>
          withSpan(
            `job ${job.name}`,
            { 'messaging.system': 'pg-boss', 'messaging.destination.name': job.name, 'messaging.message.id': job.id },
            () => handle(job.data as never),
            SpanKind.CONSUMER,
          ),
        );
      } catch (error) {
        metrics().jobFailures.inc({ queue: job.name });
        log().warn({ err: error, requestId, queue: job.name, jobId: job.id }, '[jobs] job failed (retried later)');
        throw error;
      }
    }
  };
  const handlers = {
    [QUEUE.mail]: each((data: { outboxId: string }) => deliverMail(data.outboxId)),
    [QUEUE.notify]: each((data: NotificationEvent) => fanOut(data)),
    [QUEUE.digest]: each(async () => log().info(`[jobs] digest: ${await runDigest(new Date())} mail(s) queued`)),
    [QUEUE.taskDue]: each(() => runTaskDue(new Date())),
    [QUEUE.webhook]: each((data: { messageId: string }) => deliverWebhook(data.messageId)),
    [QUEUE.auditCheckpoint]: each(() => checkpointHistory()),
    [QUEUE.accessLogPurge]: each(async () => {
      const gone = await purgeAccessLog(env.ACCESS_LOG_RETENTION_MONTHS);
      log().info(
        `[jobs] access-log-purge: ${gone} row(s) older than ${env.ACCESS_LOG_RETENTION_MONTHS} months removed`,
      );
    }),
    [QUEUE.purgeDeleted]: each(() => purgeDeleted(new Date())),
  };
  for (const [name, handler] of Object.entries(handlers)) {
    for (let i = 0; i < TEAM[name as keyof typeof TEAM]; i += 1) {
      await boss.work(name, { pollingIntervalSeconds, batchSize: 1 }, handler as never);
    }
  }
  // pg-boss runs a schedule once per minute across all instances; the time zone makes 07:00 stay
  // 07:00 in Berlin across the clock changes. taskDue runs an hour earlier, so the digest has it.
  const [hours, minutes] = env.DIGEST_TIME.split(':').map(Number);
  await boss.schedule(QUEUE.digest, dailyCron(env.DIGEST_TIME), {}, { tz: APP_TIME_ZONE });
  await boss.schedule(
    QUEUE.taskDue,
    dailyCron(`${String((hours! + 23) % 24).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`),
    {},
    { tz: APP_TIME_ZONE },
  );
  // The history's heads, signed, outside the database (lib/server/history/checkpoint.ts): hourly.
  await boss.schedule(QUEUE.auditCheckpoint, '0 * * * *', {}, { tz: APP_TIME_ZONE });
  // The access log's retention (issue 51): daily at 03:17 Berlin time, when few people read.
  await boss.schedule(QUEUE.accessLogPurge, '17 3 * * *', {}, { tz: APP_TIME_ZONE });
  // Deleted records past RESTORE_WINDOW_DAYS, removed for good with a history entry (issue 51): daily at 03:30.
  await boss.schedule(QUEUE.purgeDeleted, '30 3 * * *', {}, { tz: APP_TIME_ZONE });
  log().info(
    '[jobs] workers started (mail, notify, digest, task-due, webhook, audit-checkpoint, access-log-purge, purge-deleted)',
  );
}

/** Starts this process's workers once (JOBS_IN_PROCESS, or `npm run worker`). */
export function startWorkers(): Promise<void> {
  globalForWorkers.__benefitsWorkers ??= start().catch((error: unknown) => {
    globalForWorkers.__benefitsWorkers = undefined;
    throw error;
  });
  return globalForWorkers.__benefitsWorkers;
}

/**
 * Graceful stop: no new jobs are fetched, running ones may finish within `timeoutMs`
 * (SHUTDOWN_GRACE_MS); what is still running then is failed back to the queue for a retry.
 */
export async function stopWorkers(timeoutMs: number): Promise<void> {
  globalForWorkers.__benefitsWorkers = undefined;
  await stopBoss(timeoutMs);
}

// The Node server (scripts/server.mjs) stops the workers on shutdown through this hook.
(globalThis as unknown as { __benefitsStopJobs?: (timeoutMs: number) => Promise<void> }).__benefitsStopJobs =
  stopWorkers;
