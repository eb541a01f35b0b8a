import 'server-only';
import type { z } from 'zod';
import type { approvalRefSchema } from '@/lib/schemas/account';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { approvals, type ChangeField } from '@/lib/server/db/schema';
import { recordChange } from '@/lib/server/history/record-change';
import { ApiError } from '@/lib/server/http/api-error';
import { isUniqueViolation } from '@/lib/server/db/database-errors';
import { notifyJob } from '@/lib/server/services/notifications/fan-out';
import { germanProblem } from '@/lib/server/http/german-problem';

type ApprovalInsert = typeof approvals.$inferInsert;
export type ApprovalRef = z.input<typeof approvalRefSchema>;

export interface ApprovalRequest {
  kind: ApprovalInsert['kind'];
  entityType: ApprovalInsert['entityType'];
  entityId: string;
  entityLabel: string;
  accountId: string | null;
  /** The proposed field changes, applied when the approval is granted. */
  payload: Record<string, unknown>;
  /** The entity's version the approval will be checked against when it is decided. */
  baseVersion: number;
  reason: string;
  /** The entity's current values of the payload's fields, so the history shows before → after. */
  current?: Record<string, unknown>;
}

/** The field a pending request of each kind is about, for the 409's details. */
const FIELD_OF_KIND: Record<ApprovalRequest['kind'], string> = {
  account_activation: 'status',
  account_archive: 'status',
  benefit_change: 'benefits',
  role_grant: 'role',
  mfa_reset: 'mfa',
  user_erasure: 'erasure',
};

export const PENDING_APPROVAL_MESSAGE = germanProblem('approvalPending');

/** 409 without `current`: unlike a version conflict, there is no newer record to show. */
export function pendingApprovalConflict(kind: ApprovalRequest['kind']): ApiError {
  return new ApiError('conflict', PENDING_APPROVAL_MESSAGE, {
    details: [{ path: FIELD_OF_KIND[kind], message: PENDING_APPROVAL_MESSAGE, code: 'approvalPending' }],
  });
}

/**
 * Files a four-eyes request (SPEC §4) inside the caller's transaction and records its creation in
 * the history. Only one request per entity and kind may be pending: the partial unique index
 * `approvals_one_pending_key` decides, so two racing requests cannot both get in; the loser
 * answers 409, and its whole transaction (including any other change it made) is rolled back.
 */
export async function requestApproval(tx: DbOrTx, actor: Actor, request: ApprovalRequest): Promise<ApprovalRef> {
  let row: typeof approvals.$inferSelect | undefined;
  try {
    [row] = await tx
      .insert(approvals)
      .values({
        kind: request.kind,
        entityType: request.entityType,
        entityId: request.entityId,
        entityLabel: request.entityLabel,
        accountId: request.accountId,
        payload: request.payload,
        baseVersion: request.baseVersion,
        reason: request.reason,
        requestedById: actor.id,
      })
      .returning();
  } catch (error) {
    if (isUniqueViolation(error)) throw pendingApprovalConflict(request.kind);
    throw error;
  }
  if (!row) throw new Error('requestApproval: insert returned no row');

  const fields: ChangeField[] = [
    { field: 'kind', before: null, after: request.kind },
    { field: 'status', before: null, after: 'pending' },
    ...Object.entries(request.payload).map(([field, after]) => ({
      field: `payload.${field}`,
      before: request.current?.[field] ?? null,
      after,
    })),
    ...(request.reason ? [{ field: 'reason', before: null, after: request.reason }] : []),
  ];
  await recordChange(tx, {
    actor,
    entityType: 'approval',
    entityId: row.id,
    entityLabel: request.entityLabel,
    accountId: request.accountId,
    action: 'create',
    fields,
    approvalId: row.id,
    personId: request.entityType === 'user' ? request.entityId : null,
    job: notifyJob({ kind: 'approvalRequested', approvalId: row.id, actorId: actor.id }),
  });

  return {
    id: row.id,
    kind: row.kind,
    status: row.status,
    entityId: row.entityId,
    entityLabel: row.entityLabel,
    requestedAt: row.requestedAt.toISOString(),
  };
}
