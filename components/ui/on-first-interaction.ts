const EVENTS = ['pointerdown', 'keydown', 'focusin'] as const;

/**
 * Runs `callback` once, at the first pointer press, key press or focus anywhere on the page; answers
 * the cleanup. For code a page needs only once someone works with it (a form's schema and zod):
 * fetched and evaluated after hydration it is a long task that delays the page's interactivity
 * (Lighthouse's TBT, issue 30), while the user's first focus comes well before the first blur that
 * needs it.
 */
export function onFirstInteraction(callback: () => void): () => void {
  const options = { capture: true, passive: true } as const;
  const run = () => {
    stop();
    callback();
  };
  function stop() {
    for (const type of EVENTS) document.removeEventListener(type, run, options);
  }
  for (const type of EVENTS) document.addEventListener(type, run, options);
  return stop;
}
