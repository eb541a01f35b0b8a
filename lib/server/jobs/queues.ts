/**
 * The job queues and their retry policies. Mail retries with exponential backoff: with the
 * defaults (60 s, 12 retries) pg-boss waits 60·2^(n−1) to 60·2^n s before retry n, so the last
 * retry comes after 34 to 68 hours — more than a day of SMTP outage loses nothing.
 */
export const QUEUE = {
  mail: 'mail',
  notify: 'notify',
  digest: 'digest',
  taskDue: 'task-due',
  webhook: 'webhook',
  auditCheckpoint: 'audit-checkpoint',
  accessLogPurge: 'access-log-purge',
  purgeDeleted: 'purge-deleted',
} as const;
export type QueueName = (typeof QUEUE)[keyof typeof QUEUE];

export interface QueuePolicy {
  retryLimit: number;
  retryDelay: number;
  retryBackoff: boolean;
  expireInSeconds: number;
  retentionMinutes: number;
}

/** Webhook retries: 11 doubling retries from 60 s wait at least 34 hours in all (minimumRetryWindowSeconds). */
export const WEBHOOK_RETRY_LIMIT = 11;

export function queuePolicies(
  mail: { retryDelay: number; retryLimit: number },
  webhook: { retryDelay: number } = { retryDelay: 60 },
): Record<QueueName, QueuePolicy> {
  const week = 7 * 24 * 60;
  return {
    mail: {
      retryLimit: mail.retryLimit,
      retryDelay: mail.retryDelay,
      retryBackoff: true,
      expireInSeconds: 120,
      retentionMinutes: week,
    },
    notify: { retryLimit: 10, retryDelay: 5, retryBackoff: true, expireInSeconds: 300, retentionMinutes: week },
    digest: { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, retentionMinutes: week },
    'task-due': { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 900, retentionMinutes: week },
    webhook: {
      retryLimit: WEBHOOK_RETRY_LIMIT,
      retryDelay: webhook.retryDelay,
      retryBackoff: true,
      expireInSeconds: 60,
      retentionMinutes: week,
    },
    'purge-deleted': {
      retryLimit: 5,
      retryDelay: 300,
      retryBackoff: true,
      expireInSeconds: 900,
      retentionMinutes: week,
    },
    'audit-checkpoint': {
      retryLimit: 5,
      retryDelay: 60,
      retryBackoff: true,
      expireInSeconds: 300,
      retentionMinutes: week,
    },
    'access-log-purge': {
      retryLimit: 5,
      retryDelay: 300,
      retryBackoff: true,
      expireInSeconds: 1800,
      retentionMinutes: week,
    },
  };
}

/** The smallest total wait of `limit` retries with pg-boss's exponential backoff, in seconds. */
export function minimumRetryWindowSeconds(delay: number, limit: number): number {
  let total = 0;
  for (let retry = 1; retry <= limit; retry += 1) total += (delay * 2 ** Math.min(16, retry)) / 2;
  return total;
}
