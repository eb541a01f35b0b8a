'use client';

import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';

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
  children: (close: () => void) => ReactNode;
}) {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const menuId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const items = () => Array.from(rootRef.current?.querySelectorAll<HTMLElement>('.dropdown-item:not(:disabled)') ?? []);

  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
      toggleRef.current?.focus();
      return;
    }
    if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
    event.preventDefault();
    if (!isOpen) setOpen(true);
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
        onClick={() => setOpen((open) => !open)}
        title={title}
      >
        {/* A long name is cut with "…" (the tooltip has it whole), so the navbar keeps to one line. */}
        <span className="app-user-menu-title">{title}</span>
      </button>
      <div id={menuId} className={`dropdown-menu dropdown-menu-end${isOpen ? ' show' : ''}`} data-bs-popper="static">
        {isOpen && children(() => setOpen(false))}
      </div>
    </div>
  );
}
