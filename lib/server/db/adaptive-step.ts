/**
 * The size of a bounded loop's next statement from its last one: as many items as fit in `targetMs`
 * at the rate the last statement took, at most `growth` times as many, between `least` and `most`.
 * Keeps each statement short (PGlite's thread, the event loop) as statements get slower or faster.
 */
export function adaptiveStep(options: {
  size: number;
  tookMs: number;
  targetMs: number;
  growth: number;
  least: number;
  most: number;
}): number {
  const { size, tookMs, targetMs, growth, least, most } = options;
  const fitting = Math.floor((size * targetMs) / Math.max(tookMs, 1));
  return Math.max(least, Math.min(most, size * growth, fitting));
}
