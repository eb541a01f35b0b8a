import 'server-only';
import type { ApprovalListQuery } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import { getDb } from '@/lib/server/db/client';
import { countApprovals, selectApprovalPage } from './approval-list-query';
import { toApprovalListItem } from './approval-record';

/**
 * `GET /approvals`: the approvals in the actor's reach (admin and back office: all; everyone else
 * their own requests), by default the pending ones, filtered, sorted and paged.
 */
export async function findApprovals(actor: Actor, query: ApprovalListQuery) {
  const db = await getDb();
  const [total, rows] = await Promise.all([
    countApprovals(db, actor, query),
    selectApprovalPage(db, actor, query, { limit: query.perPage, offset: (query.page - 1) * query.perPage }),
  ]);
  return { items: rows.map(toApprovalListItem), total, page: query.page, perPage: query.perPage };
}
