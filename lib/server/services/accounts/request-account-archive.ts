import 'server-only';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { requestApproval, type ApprovalRef } from '@/lib/server/services/approvals/request-approval';
import { assertNotArchived, requireAccountRow } from './account-record';
import { invalidField } from '@/lib/server/http/api-error';

/**
 * `POST /accounts/{id}/archive`: archiving an active or suspended account needs a second pair of
 * eyes (SPEC §4), so this files a pending `account_archive` approval; deciding it applies it.
 */
export async function requestAccountArchive(actor: Actor, id: string, input: { reason: string }): Promise<ApprovalRef> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await requireAccountRow(tx, actor, id);
    assertNotArchived(row);
    if (row.status !== 'active' && row.status !== 'suspended') {
      throw invalidField('status', 'onlyActiveOrSuspendedCanBeArchived');
    }
    return requestApproval(tx, actor, {
      kind: 'account_archive',
      entityType: 'account',
      entityId: row.id,
      entityLabel: row.name,
      accountId: row.id,
      payload: { status: 'archived' },
      baseVersion: row.version,
      reason: input.reason,
      current: { status: row.status },
    });
  });
}
