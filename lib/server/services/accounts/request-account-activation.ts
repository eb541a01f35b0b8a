import 'server-only';
import { eq } from 'drizzle-orm';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { accounts } from '@/lib/server/db/schema';
import { requestApproval, type ApprovalRef } from '@/lib/server/services/approvals/request-approval';
import { assertNotArchived, requireAccountRow } from './account-record';
import { invalidField } from '@/lib/server/http/api-error';

/**
 * `POST /accounts/{id}/activation`: draft → active needs a second pair of eyes (SPEC §4), so this
 * files a pending `account_activation` approval; deciding it applies the change. A sub-account
 * can only become active under an active parent.
 */
export async function requestAccountActivation(
  actor: Actor,
  id: string,
  input: { reason: string },
): Promise<ApprovalRef> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const row = await requireAccountRow(tx, actor, id);
    assertNotArchived(row);
    if (row.status !== 'draft') {
      throw invalidField('status', 'onlyDraftsCanBeSubmitted');
    }
    if (row.parentId) {
      const [parent] = await tx.select({ status: accounts.status }).from(accounts).where(eq(accounts.id, row.parentId));
      if (parent?.status !== 'active') {
        throw invalidField('parentId', 'parentMustBeActive');
      }
    }
    return requestApproval(tx, actor, {
      kind: 'account_activation',
      entityType: 'account',
      entityId: row.id,
      entityLabel: row.name,
      accountId: row.id,
      payload: { status: 'active' },
      baseVersion: row.version,
      reason: input.reason,
      current: { status: row.status },
    });
  });
}
