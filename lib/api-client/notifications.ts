/** The signed-in user's notifications (no zod here: the navbar's bell imports it). */
export const notificationsApi = {
  listPath: (query: { unread?: boolean; perPage?: number } = {}) => {
    const params = new URLSearchParams();
    if (query.unread) params.set('unread', '1');
    if (query.perPage) params.set('perPage', String(query.perPage));
    const search = params.toString();
    return `/notifications/${search ? `?${search}` : ''}`;
  },
  readPath: (id: string) => `/notifications/${encodeURIComponent(id)}/read/`,
  readAllPath: '/notifications/read-all/',
  settingsPath: '/profile/notification-settings/',
};

export const UNREAD_NOTIFICATIONS_QUERY_KEY = ['notifications', 'unread-count'] as const;
/** The bell asks again this often in the background (and when the window regains focus). */
export const UNREAD_NOTIFICATIONS_REFRESH_MS = 15_000;

/** The unread count for the bell, through the same-origin proxy. */
export async function fetchUnreadNotificationCount(): Promise<number> {
  const response = await fetch(`/api/ui${notificationsApi.listPath({ unread: true, perPage: 1 })}`, {
    headers: { accept: 'application/json' },
  });
  if (!response.ok) throw new Error(String(response.status));
  const body = (await response.json()) as { unread?: unknown };
  return typeof body.unread === 'number' ? body.unread : 0;
}
