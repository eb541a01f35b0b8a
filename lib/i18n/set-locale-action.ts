'use server';

import { cookies } from 'next/headers';
import { localeSchema } from '@/lib/schemas/auth';
import { LOCALE_COOKIE } from './config';

/** Remembers the chosen language for a year (a technically necessary cookie). */
export async function setLocaleAction(locale: string): Promise<void> {
  const parsed = localeSchema.safeParse(locale);
  if (!parsed.success) return;
  (await cookies()).set(LOCALE_COOKIE, parsed.data, { path: '/', sameSite: 'lax', maxAge: 365 * 24 * 60 * 60 });
}

/**
 * The language switch's form action (`locale` is the pressed button's value). Setting the cookie
 * makes Next render the current page again in that language; without JavaScript the form posts and
 * the answer is the page itself.
 */
export async function switchLocaleAction(form: FormData): Promise<void> {
  const locale = form.get('locale');
  if (typeof locale === 'string') await setLocaleAction(locale);
}
