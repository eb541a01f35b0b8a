'use client';

import { useState, type ReactNode } from 'react';
import { useTranslations } from 'next-intl';
import { clientOnly } from '../client-only';
import { useDropdown } from '../use-dropdown';
import type { ColumnsMenuProps, SavedViewsMenuProps } from './list-views-panels';

export type { ColumnsMenuProps, MenuColumn, MenuView, SavedViewsMenuProps } from './list-views-panels';

// The panels' contents load when one first opens (or is about to): not with the list (issue 30).
const loadPanels = () => import('./list-views-panels');
const SavedViewsPanel = clientOnly(() => loadPanels().then((module) => module.SavedViewsPanel));
const ColumnsPanel = clientOnly(() => loadPanels().then((module) => module.ColumnsPanel));
const preloadPanels = () => void loadPanels().catch(() => undefined);

/**
 * A Bootstrap dropdown (its classes) that opens a panel of controls: closes on a second click, a
 * click outside or Escape (focus back on the toggle). A disclosure, not an ARIA menu: the panel
 * holds links, buttons and a form. react-bootstrap's Dropdown would bring Popper (~25 kB, issue 15).
 * The panel's contents mount when it first opens and stay (they render nothing while it is closed),
 * so what they hold survives closing it.
 */
function DropdownPanel({
  label,
  testId,
  children,
}: {
  label: string;
  testId: string;
  children: (isOpen: boolean) => ReactNode;
}) {
  const { isOpen, toggle, closeOnEscape, rootRef, toggleRef, panelId } = useDropdown();
  const [wasOpened, setWasOpened] = useState(false);
  if (isOpen && !wasOpened) setWasOpened(true);
  return (
    <div ref={rootRef} className="dropdown" data-testid={testId} onKeyDown={closeOnEscape}>
      <button
        ref={toggleRef}
        type="button"
        className={`btn btn-outline-secondary dropdown-toggle${isOpen ? ' show' : ''}`}
        aria-expanded={isOpen}
        aria-controls={panelId}
        onClick={toggle}
        onPointerEnter={preloadPanels}
        onFocus={preloadPanels}
      >
        {label}
      </button>
      <div
        id={panelId}
        className={`dropdown-menu dropdown-menu-end list-views-panel p-2${isOpen ? ' show' : ''}`}
        data-bs-popper="static"
      >
        {wasOpened && children(isOpen)}
      </div>
    </div>
  );
}

/**
 * The saved views of a list (issue 27): each opens its URL state; save the current state under a
 * name, make one the default (opening the list without parameters goes there), rename, delete.
 */
export function SavedViewsMenu(props: SavedViewsMenuProps) {
  const t = useTranslations('listViews');
  return (
    <DropdownPanel label={t('views')} testId="saved-views">
      {(isOpen) => <SavedViewsPanel isOpen={isOpen} {...props} />}
    </DropdownPanel>
  );
}

/**
 * The columns of a list (issue 27): a box per column, the name column always shown. A change is
 * stored for the user and list, and the list shows the stored choice (a `hide` in the URL goes).
 */
export function ColumnsMenu(props: ColumnsMenuProps) {
  const t = useTranslations('listViews');
  return (
    <DropdownPanel label={t('columns')} testId="list-columns">
      {(isOpen) => <ColumnsPanel isOpen={isOpen} {...props} />}
    </DropdownPanel>
  );
}
