'use client';

import { useQuery } from '@tanstack/react-query';
import { withQueryClient } from '@/components/layout/query-client';
import { useLocale, useTranslations } from 'next-intl';
import { approvalsApi } from '@/lib/api-client/approvals';
import { formatInteger } from '@/lib/format/integer';

export const WAITING_APPROVALS_QUERY_KEY = ['approvals', 'waiting'] as const;
/** The badge asks again this often in the background (and when the window regains focus). */
export const WAITING_APPROVALS_REFRESH_MS = 30_000;

async function fetchWaitingCount(): Promise<number> {
  const response = await fetch(approvalsApi.waitingBadgePath, { headers: { accept: 'application/json' } });
  if (!response.ok) throw new Error(String(response.status));
  const body = (await response.json()) as { total?: unknown };
  return typeof body.total === 'number' ? body.total : 0;
}

/**
 * The number of other people's requests waiting for a decider (SPEC §3 layout), kept fresh by
 * TanStack Query through the same-origin proxy without reloading the page; a decision made here
 * invalidates it at once. Nothing while there is nothing to decide or the count is unknown.
 */
export const ApprovalsBadge = withQueryClient(function ApprovalsBadge() {
  const t = useTranslations('approvals');
  const locale = useLocale();
  const { data: count } = useQuery({
    queryKey: WAITING_APPROVALS_QUERY_KEY,
    queryFn: fetchWaitingCount,
    refetchInterval: WAITING_APPROVALS_REFRESH_MS,
    staleTime: 0,
  });
  if (!count) return null;
  // Without Intl (formatInteger, also in the messages instead of `#`): the page's first Intl number
  // format costs ~100 ms on Lighthouse's phone, for a count of plain digits (issue 50).
  const shown = formatInteger(count, locale);
  return (
    <span className="badge rounded-pill text-bg-warning ms-1" data-testid="approvals-badge" data-count={count}>
      {shown}
      <span className="visually-hidden"> {t('badge', { count, shown })}</span>
    </span>
  );
});
