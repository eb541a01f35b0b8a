'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { withQueryClient } from '@/components/layout/query-client';
import {
  UNREAD_NOTIFICATIONS_QUERY_KEY,
  UNREAD_NOTIFICATIONS_REFRESH_MS,
  fetchUnreadNotificationCount,
} from '@/lib/api-client/notifications';
import { formatInteger } from '@/lib/format/integer';

const unreadCountQueryOptions = () =>
  queryOptions({
    queryKey: UNREAD_NOTIFICATIONS_QUERY_KEY,
    queryFn: fetchUnreadNotificationCount,
    refetchInterval: UNREAD_NOTIFICATIONS_REFRESH_MS,
    staleTime: 0,
  });

/**
 * The unread count on the navbar's bell, loaded after hydration and refreshed in the background
 * like the other badges; nothing while there is nothing unread or the count is unknown.
 */
export const NotificationsBellCount = withQueryClient(function NotificationsBellCount() {
  const t = useTranslations('nav');
  const locale = useLocale();
  const { data: count } = useQuery(unreadCountQueryOptions());
  if (!count) return null;
  // Without Intl (formatInteger, also in the messages instead of `#`): the page's first Intl number
  // format costs ~100 ms on Lighthouse's phone, for a count of plain digits (issue 50).
  const shown = formatInteger(count, locale);
  return (
    <span className="badge rounded-pill text-bg-danger ms-1" data-testid="notifications-badge" data-count={count}>
      {shown}
      <span className="visually-hidden"> {t('notificationsUnread', { count, shown })}</span>
    </span>
  );
});
