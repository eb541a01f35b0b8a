import { useLocale, useTranslations } from 'next-intl';
import { LOCALES } from '@/lib/schemas/locales';
import { switchLocaleAction } from '@/lib/i18n/set-locale-action';

/**
 * The header's language switch: a button for the other language (each in its own language), in a
 * form whose action sets the language cookie. It renders on the server and is no JavaScript of its
 * own (issue 30): React submits the form action, or the browser posts it before the page's code ran.
 * The profile's setting (`/profil/`) also stores the choice for the user's e-mails and other devices.
 */
export function LanguageSwitch() {
  const t = useTranslations('common');
  const locale = useLocale();
  return (
    <form action={switchLocaleAction} className="d-flex">
      {LOCALES.filter((code) => code !== locale).map((code) => (
        <button
          key={code}
          type="submit"
          name="locale"
          value={code}
          lang={code}
          className="btn btn-sm btn-outline-light text-nowrap"
          title={t('language')}
          data-testid="language-switch"
        >
          {t(`languages.${code}`)}
        </button>
      ))}
    </form>
  );
}
