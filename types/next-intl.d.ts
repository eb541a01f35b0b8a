import type de from '@/lib/i18n/messages/de.json';

// Message keys are checked by the typecheck: a misspelt key fails `npm run typecheck`.
declare module 'next-intl' {
  interface AppConfig {
    Locale: 'de' | 'en';
    Messages: typeof de;
  }
}
