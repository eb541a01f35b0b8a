'use client';

import type { KeyboardEvent, ReactNode } from 'react';
import { useDropdown } from '@/components/ui/use-dropdown';

/**
 * A Bootstrap dropdown (its classes and markup) for the navbar's user menu: opens on click,
 * closes on a second click, a click outside, Escape (focus back on the toggle) or a chosen item;
 * the arrow keys move between the items. react-bootstrap's NavDropdown did the same with Popper
 * and its overlay kit, ~25 kB on every signed-in page for one static menu (issue 15).
 */
export function UserMenu({
  title,
  label,
  testId,
  children,
}: {
  title: string;
  label: string;
  testId?: string;
  /** The items; choosing a link among them closes the menu. */
  children: ReactNode;
}) {
  const { isOpen, open, close, toggle, closeOnEscape, rootRef, toggleRef, panelId: menuId } = useDropdown();

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.dropdown-item:not(:disabled)') ?? []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (closeOnEscape(event)) return;
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!isOpen) open();
    // The menu may only now be rendered: move the focus once it is.
    requestAnimationFrame(() => {
      const list = items();
      if (!list.length) return;
      const index = list.indexOf(document.activeElement as HTMLElement);
      const next = event.key === 'ArrowDown' ? index + 1 : index - 1;
      list[(next + list.length) % list.length]?.focus();
    });
  };

  return (
    <div ref={rootRef} className="nav-item dropdown" aria-label={label} data-testid={testId} onKeyDown={onKeyDown}>
      <button
        ref={toggleRef}
        type="button"
        className={`nav-link dropdown-toggle${isOpen ? ' show' : ''}`}
        aria-expanded={isOpen}
        aria-haspopup="true"
        aria-controls={menuId}
        onClick={toggle}
        title={title}
      >
        {/* A long name is cut with "…" (the tooltip has it whole), so the navbar keeps to one line. */}
        <span className="app-user-menu-title">{title}</span>
      </button>
      <div
        id={menuId}
        className={`dropdown-menu dropdown-menu-end${isOpen ? ' show' : ''}`}
        data-bs-popper="static"
        onClick={(event) => {
          if (event.target instanceof Element && event.target.closest('a[href]')) close();
        }}
      >
        {isOpen && children}
      </div>
    </div>
  );
}
