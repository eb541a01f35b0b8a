'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { withQueryClient } from '@/components/layout/query-client';
import { useLocale, useTranslations } from 'next-intl';
import { OPEN_TASKS_QUERY_KEY, OPEN_TASKS_REFRESH_MS, fetchOpenTaskCount } from '@/lib/api-client/tasks';
import { formatInteger } from '@/lib/format/integer';

const openTaskCountQueryOptions = () =>
  queryOptions({
    queryKey: OPEN_TASKS_QUERY_KEY,
    queryFn: fetchOpenTaskCount,
    refetchInterval: OPEN_TASKS_REFRESH_MS,
    staleTime: 0,
  });

/**
 * My open tasks (assigned to me, not done) beside "Aufgaben" in the navbar (SPEC §3 layout), kept
 * fresh by TanStack Query through the same-origin proxy; a status change in the list invalidates
 * it at once (`invalidateSharedQueries`). Nothing while there is nothing open or the count is
 * unknown.
 */
export const TasksBadge = withQueryClient(function TasksBadge() {
  const t = useTranslations('tasks');
  const locale = useLocale();
  const { data: count } = useQuery(openTaskCountQueryOptions());
  if (!count) return null;
  // Without Intl (formatInteger, also in the messages instead of `#`): the page's first Intl number
  // format costs ~100 ms on Lighthouse's phone, for a count of plain digits (issue 50).
  const shown = formatInteger(count, locale);
  return (
    <span className="badge rounded-pill text-bg-info ms-1" data-testid="tasks-badge" data-count={count}>
      {shown}
      <span className="visually-hidden"> {t('badge', { count, shown })}</span>
    </span>
  );
});
