import { appBaseUrl } from '@/lib/env';

export const SESSION_MAX_AGE_SECONDS = 12 * 60 * 60;

/** Secure (`__Secure-`) cookies whenever the app is served over https. */
export const hasSecureCookies = () => appBaseUrl().startsWith('https://');
