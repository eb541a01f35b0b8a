'use client';

import { useCallback, useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';

/**
 * The state of a Bootstrap dropdown (its classes and markup) without Bootstrap's or react-bootstrap's
 * JavaScript (Popper, ~25 kB, issue 15): open or closed, closed by a pointer-down outside `rootRef`,
 * and Escape closes it and gives the focus back to the toggle (`toggleRef`). The navbar's user menu
 * and the lists' "Ansichten" and "Spalten" panels use it.
 */
export function useDropdown() {
  const [isOpen, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();

  useEffect(() => {
    if (!isOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [isOpen]);

  const open = useCallback(() => setOpen(true), []);
  const close = useCallback(() => setOpen(false), []);
  const toggle = useCallback(() => setOpen((wasOpen) => !wasOpen), []);

  /** Escape on an open dropdown closes it, focus back on the toggle; answers whether it did. */
  const closeOnEscape = (event: KeyboardEvent): boolean => {
    if (event.key !== 'Escape' || !isOpen) return false;
    event.preventDefault();
    setOpen(false);
    toggleRef.current?.focus();
    return true;
  };

  return { isOpen, open, close, toggle, closeOnEscape, rootRef, toggleRef, panelId };
}
