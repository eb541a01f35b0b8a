'use client';

import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * A part that a button opens in place and whose code loads on demand (a task's edit form, a
 * document's upload form; issue 30). Answers `[part, openerRef, focusFirst]`: `part.preload` starts
 * loading the code (when the button is pointed at or focused), `part.open` shows the part,
 * `part.close` hides it and gives the focus back to the button (`openerRef`); `focusFirst`, the
 * opened part's ref, focuses its first element matching `firstFocus` once, when it mounts.
 */
export function useOpenInPlace(load: () => Promise<unknown>, firstFocus: string) {
  const [isOpen, setOpen] = useState(false);
  const wasOpen = useRef(false);
  const openerRef = useRef<HTMLButtonElement>(null);

  useEffect(() => {
    if (!isOpen && wasOpen.current) openerRef.current?.focus();
    wasOpen.current = isOpen;
  }, [isOpen]);

  // Stable, so React calls it when the part mounts, not on every render.
  const focusFirst = useCallback(
    (part: HTMLElement | null) => part?.querySelector<HTMLElement>(firstFocus)?.focus(),
    [firstFocus],
  );

  const part = {
    isOpen,
    open: () => setOpen(true),
    close: () => setOpen(false),
    preload: () => void load().catch(() => undefined),
  };
  return [part, openerRef, focusFirst] as const;
}
