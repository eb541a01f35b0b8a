import type { Messages } from '@/lib/i18n/catalogue';

// Message keys are checked by the typecheck: a misspelt key fails `npm run typecheck`.
declare module 'next-intl' {
  interface AppConfig {
    Locale: 'de' | 'en';
    Messages: Messages;
  }
}
