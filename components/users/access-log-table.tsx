import Link from 'next/link';
import { getLocale, getTranslations } from 'next-intl/server';
import type { AccessLogEntry } from '@/lib/schemas/access-log';
import { formatDateTime } from '@/lib/format';

/**
 * Who viewed a person (`perspective="subject"`: the viewer is shown) or whose data they viewed
 * (`"actor"`: the person viewed is shown), newest first — the user page's section for
 * administrators (issue 51). Server-rendered, no client code.
 */
export async function AccessLogTable({
  items,
  perspective,
  personHref,
  testId,
}: {
  items: AccessLogEntry[];
  perspective: 'subject' | 'actor';
  personHref: (id: string) => string;
  testId: string;
}) {
  const [t, locale] = await Promise.all([getTranslations('users.accessLog'), getLocale()]);
  if (items.length === 0) {
    return (
      <p className="text-body-secondary" data-testid={`${testId}-empty`}>
        {perspective === 'subject' ? t('noneViewedBy') : t('noneViewed')}
      </p>
    );
  }
  return (
    <div className="table-responsive">
      <table className="table table-hover align-middle" data-testid={testId}>
        <caption className="visually-hidden">{perspective === 'subject' ? t('viewedBy') : t('viewed')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('at')}</th>
            <th scope="col">{perspective === 'subject' ? t('actor') : t('subject')}</th>
            <th scope="col" className="d-none d-md-table-cell">
              {t('route')}
            </th>
          </tr>
        </thead>
        <tbody>
          {items.map((item) => {
            const person = perspective === 'subject' ? item.actor : item.subject;
            return (
              <tr key={item.id}>
                <td className="text-nowrap">{formatDateTime(item.at, locale)}</td>
                <th scope="row" className="fw-normal">
                  <Link href={personHref(person.id)} prefetch={false}>
                    {person.name}
                  </Link>
                  {perspective === 'subject' && item.actor.apiKeyId && (
                    <span className="text-body-secondary"> · {t('apiKey')}</span>
                  )}
                </th>
                <td className="d-none d-md-table-cell">
                  <code>{item.route}</code>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
