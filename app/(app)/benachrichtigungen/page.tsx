import type { Metadata } from 'next';
import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import { serverApi } from '@/lib/api-client/server';
import { notificationsApi } from '@/lib/api-client/notifications';
import { formatDateTime } from '@/lib/format';
import { hrefs } from '@/lib/hrefs';
import { type Notification, MAX_NOTIFICATIONS_PER_PAGE, notificationListSchema } from '@/lib/schemas/notification';
import { markAllReadAction, markReadAction } from './_components/notification-actions';

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations('notifications');
  return { title: t('title') };
}

const recordHref = (item: Pick<Notification, 'entityType' | 'entityId'>) => {
  switch (item.entityType) {
    case 'task':
      return hrefs.task(item.entityId);
    case 'approval':
      return hrefs.approval(item.entityId);
    case 'document':
      return hrefs.document(item.entityId);
  }
};

/** The signed-in user's notifications: unread first, each linking to its record. */
export default async function NotificationsPage() {
  const [list, t, locale] = await Promise.all([
    serverApi(notificationsApi.listPath({ perPage: MAX_NOTIFICATIONS_PER_PAGE }), { schema: notificationListSchema }),
    getTranslations('notifications'),
    getLocale(),
  ]);
  const formatLocale = locale === 'en' ? 'en' : 'de';
  return (
    <>
      <div className="d-flex flex-wrap align-items-center justify-content-between gap-2 mb-3">
        <h1 className="h3 mb-0">
          {t('title')}
          {list.unread > 0 && <span className="badge rounded-pill text-bg-danger ms-2 fs-6">{list.unread}</span>}
        </h1>
        {list.unread > 0 && (
          <form action={markAllReadAction}>
            <button type="submit" className="btn btn-outline-primary btn-sm" data-testid="notifications-read-all">
              {t('markAllRead')}
            </button>
          </form>
        )}
      </div>
      {list.items.length === 0 ? (
        <p className="text-body-secondary">{t('empty')}</p>
      ) : (
        <ul className="list-group" aria-label={t('list')} data-testid="notifications-list">
          {list.items.map((item) => (
            <li
              key={item.id}
              className={`list-group-item d-flex flex-wrap gap-2 align-items-start justify-content-between${item.readAt ? '' : ' list-group-item-light fw-semibold'}`}
              data-testid="notification"
              data-unread={item.readAt ? undefined : 'true'}
            >
              <div>
                <div className="small text-body-secondary">
                  {t(`kinds.${item.kind}`)} · <span className="visually-hidden">{t('receivedAt')} </span>
                  <time dateTime={item.createdAt}>{formatDateTime(item.createdAt, formatLocale)}</time>
                  {!item.readAt && <span className="badge text-bg-primary ms-2">{t('unread')}</span>}
                </div>
                {item.title === null ? (
                  <span className="text-body-secondary fst-italic" data-testid="notification-unavailable">
                    {t('unavailable')}
                  </span>
                ) : (
                  <Link href={recordHref(item)}>{item.title}</Link>
                )}
              </div>
              {!item.readAt && (
                <form action={markReadAction}>
                  <input type="hidden" name="id" value={item.id} />
                  <button type="submit" className="btn btn-link btn-sm p-0">
                    {t('markRead')}
                  </button>
                </form>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
