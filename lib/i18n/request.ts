import { cookies, headers } from 'next/headers';
import { getRequestConfig } from 'next-intl/server';
import { getAuthToken } from '@/lib/auth/session';
import { catalogues } from './catalogue';
import { LOCALE_COOKIE, TIME_ZONE } from './config';
import { negotiateLocale } from './negotiate-locale';

export default getRequestConfig(async () => {
  const [cookieStore, headerList, token] = await Promise.all([cookies(), headers(), getAuthToken()]);
  const locale = negotiateLocale({
    cookie: cookieStore.get(LOCALE_COOKIE)?.value,
    userLocale: token?.user.locale,
    acceptLanguage: headerList.get('accept-language'),
  });
  return { locale, messages: catalogues[locale], timeZone: TIME_ZONE };
});
