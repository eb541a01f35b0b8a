'use client';

import type { MouseEvent } from 'react';
import { MAIN_ID } from './main-id';

/**
 * Moves the focus to main without a history entry: a followed `#main` link would push an entry
 * Next's router did not make (its state is null), and Back into it after a client-side navigation
 * would show the newer page under the older URL. Before hydration the link works as a plain one.
 */
function focusMain(event: MouseEvent<HTMLAnchorElement>) {
  if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
  const main = document.getElementById(MAIN_ID);
  if (!main) return;
  event.preventDefault();
  main.focus();
}

/**
 * The first Tab stop of every page: "Zum Inhalt springen", hidden until it has the focus; it moves
 * the focus to `<main id="main" tabIndex={-1}>` (tabIndex -1 makes main focusable without adding a
 * Tab stop).
 */
export function SkipLinkView({ label }: { label: string }) {
  return (
    <a
      href={`#${MAIN_ID}`}
      onClick={focusMain}
      className="visually-hidden-focusable position-absolute top-0 start-0 z-3 m-2 px-3 py-2 bg-body border rounded shadow"
    >
      {label}
    </a>
  );
}
