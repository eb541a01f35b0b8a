import { useTranslations } from 'next-intl';
import { SkipLinkView } from './skip-link-view';

export { MAIN_ID } from './main-id';
export { SkipLinkView } from './skip-link-view';

/** The skip link with the catalogue's text (server-rendered in the root layout). */
export function SkipLink() {
  const t = useTranslations('common');
  return <SkipLinkView label={t('skipToContent')} />;
}
