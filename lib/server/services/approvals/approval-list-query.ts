import 'server-only';
import { type SQL, and, asc, count, desc, eq, ne, sql } from 'drizzle-orm';
import type { ApprovalExportQuery } from '@/lib/schemas/approval';
import type { Actor } from '@/lib/server/auth/actor';
import type { DbOrTx } from '@/lib/server/db/types';
import { approvals } from '@/lib/server/db/schema';
import { escapeLike } from '@/lib/server/db/escape-like';
import { approvalReach, selectApprovals } from './approval-record';

/** Reach and every filter of `GET /approvals` and its CSV export. */
export function approvalConditions(actor: Pick<Actor, 'id' | 'role'>, filters: ApprovalExportQuery): SQL | undefined {
  const conditions: (SQL | undefined)[] = [approvalReach(actor)];
  if (filters.status !== 'all') conditions.push(eq(approvals.status, filters.status));
  if (filters.kind) conditions.push(eq(approvals.kind, filters.kind));
  if (filters.accountId) conditions.push(eq(approvals.accountId, filters.accountId));
  if (filters.requestedBy) conditions.push(eq(approvals.requestedById, filters.requestedBy));
  if (filters.mine === true) conditions.push(eq(approvals.requestedById, actor.id));
  if (filters.mine === false) conditions.push(ne(approvals.requestedById, actor.id));
  const term = filters.q?.trim();
  if (term) conditions.push(sql`lower(${approvals.entityLabel}) like '%' || lower(${escapeLike(term)}) || '%'`);
  return and(...conditions);
}

const SORT_COLUMNS = {
  requestedAt: [approvals.requestedAt],
  decidedAt: [approvals.decidedAt],
  kind: [approvals.kind, approvals.requestedAt],
  status: [approvals.status, approvals.requestedAt],
  entityLabel: [approvals.entityLabel],
} as const;

export function approvalOrder(filters: Pick<ApprovalExportQuery, 'sort' | 'order'>): SQL[] {
  const direction = filters.order === 'desc' ? desc : asc;
  return [...SORT_COLUMNS[filters.sort], approvals.id].map((column) => direction(column));
}

export async function countApprovals(db: DbOrTx, actor: Pick<Actor, 'id' | 'role'>, filters: ApprovalExportQuery) {
  const [row] = await db.select({ n: count() }).from(approvals).where(approvalConditions(actor, filters));
  return Number(row?.n ?? 0);
}

export function selectApprovalPage(
  db: DbOrTx,
  actor: Pick<Actor, 'id' | 'role'>,
  filters: ApprovalExportQuery,
  window: { limit: number; offset: number },
) {
  return selectApprovals(db)
    .where(approvalConditions(actor, filters))
    .orderBy(...approvalOrder(filters))
    .limit(window.limit)
    .offset(window.offset);
}
