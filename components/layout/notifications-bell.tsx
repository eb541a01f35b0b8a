'use client';

import { queryOptions, useQuery } from '@tanstack/react-query';
import { useLocale, useTranslations } from 'next-intl';
import { withQueryClient } from '@/components/layout/query-client';
import {
  UNREAD_NOTIFICATIONS_QUERY_KEY,
  UNREAD_NOTIFICATIONS_REFRESH_MS,
  fetchUnreadNotificationCount,
} from '@/lib/api-client/notifications';
import { formatNumber } from '@/lib/format/number';

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
  return (
    <span className="badge rounded-pill text-bg-danger ms-1" data-testid="notifications-badge" data-count={count}>
      {formatNumber(count, locale === 'en' ? 'en' : 'de')}
      <span className="visually-hidden"> {t('notificationsUnread', { count })}</span>
    </span>
  );
});
