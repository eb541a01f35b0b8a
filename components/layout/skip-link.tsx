import { useTranslations } from 'next-intl';

/** The id of every page's `<main>`, the skip link's target. */
export const MAIN_ID = 'main';

/**
 * The first Tab stop of every page: "Zum Inhalt springen", hidden until it has the focus. A plain
 * in-page link, so it needs no JavaScript: following it moves the focus to `<main id="main"
 * tabIndex={-1}>` (tabIndex -1 makes main focusable without adding a Tab stop).
 */
export function SkipLinkView({ label }: { label: string }) {
  return (
    <a
      href={`#${MAIN_ID}`}
      className="visually-hidden-focusable position-absolute top-0 start-0 z-3 m-2 px-3 py-2 bg-body border rounded shadow"
    >
      {label}
    </a>
  );
}

/** The skip link with the catalogue's text (server-rendered in the root layout). */
export function SkipLink() {
  const t = useTranslations('common');
  return <SkipLinkView label={t('skipToContent')} />;
}
