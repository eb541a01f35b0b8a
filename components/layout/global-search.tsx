'use client';

import { useEffect, useRef, useState } from 'react';
import { useTranslations } from 'next-intl';
import { clientOnly } from '@/components/ui/client-only';

// The dialog with its combobox loads when it is first wanted (or when the field is focused or
// pointed at): none of its code is on the first load of a page (issue 15).
const loadDialog = () => import('./global-search-dialog').then((module) => module.GlobalSearchDialog);
const GlobalSearchDialog = clientOnly(loadDialog);

/** Ctrl+K (Strg+K), or Cmd+K on a Mac. */
export function isSearchShortcut(event: Pick<KeyboardEvent, 'key' | 'ctrlKey' | 'metaKey' | 'altKey' | 'shiftKey'>) {
  return (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';
}

/**
 * The navbar's search field (issue 27): a button that looks like one and opens the global search,
 * as does Strg+K / Cmd+K anywhere. Closing puts the focus back where it was.
 */
export function GlobalSearch() {
  const t = useTranslations('nav.search');
  const [isOpen, setOpen] = useState(false);
  const returnFocus = useRef<HTMLElement | null>(null);

  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      if (!isOpen) returnFocus.current = document.activeElement as HTMLElement | null;
      setOpen(true);
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [isOpen]);

  const prefetch = () => void loadDialog();
  const close = (navigated: boolean) => {
    setOpen(false);
    if (!navigated) returnFocus.current?.focus();
  };

  return (
    <>
      <button
        type="button"
        className="btn btn-sm btn-outline-light global-search-trigger text-start text-nowrap"
        aria-haspopup="dialog"
        aria-keyshortcuts="Control+K Meta+K"
        data-testid="global-search"
        onFocus={prefetch}
        onPointerEnter={prefetch}
        onClick={(event) => {
          returnFocus.current = event.currentTarget;
          setOpen(true);
        }}
      >
        <svg width="14" height="14" viewBox="0 0 16 16" fill="currentColor" aria-hidden="true" focusable="false">
          <path d="M11.742 10.344a6.5 6.5 0 1 0-1.397 1.398l3.85 3.85a1 1 0 0 0 1.415-1.414zM12 6.5a5.5 5.5 0 1 1-11 0 5.5 5.5 0 0 1 11 0" />
        </svg>
        {/* The navbar is full between 1200 and 1400 px: there the button is its icon (the name stays for
            screen readers); the shortcut shows from 1400 px on (aria-keyshortcuts names it anyway). */}
        <span className="visually-hidden d-xxl-none">{t('open')}</span>
        <span className="ms-1 d-none d-xxl-inline">{t('open')}</span>
        <kbd className="ms-2 d-none d-xxl-inline">{t('shortcut')}</kbd>
      </button>
      {isOpen && <GlobalSearchDialog onClose={close} />}
    </>
  );
}
