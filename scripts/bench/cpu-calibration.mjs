/**
 * Lighthouse's CPU throttling calibrated to the host (issue 50). Lighthouse's mobile preset slows the
 * CPU 4×, which assumes a host with a `benchmarkIndex` of about 1,500 or more; on a slower host the
 * same 4× emulates a phone slower than the one Lighthouse means, and a blank app scores below 95.
 * Lighthouse's throttling documentation says to calibrate the slowdown to the host
 * (https://github.com/GoogleChrome/lighthouse/blob/main/docs/throttling.md#cpu-throttling); its
 * calculator maps the host's `benchmarkIndex` to a multiplier: 150 → 1×, 800 → 2×, 1,300 → 3×,
 * 1,533 → 4×, linear in between, capped at 4× (and never below 1×).
 */

/** The calculator's points: [benchmarkIndex, cpuSlowdownMultiplier]. */
export const CALIBRATION_POINTS = [
  [150, 1],
  [800, 2],
  [1300, 3],
  [1533, 4],
];

/** The multiplier for a host's `benchmarkIndex`, rounded to two decimals. */
export function cpuSlowdownMultiplier(benchmarkIndex) {
  if (!Number.isFinite(benchmarkIndex)) throw new Error(`benchmarkIndex must be a number, not ${benchmarkIndex}`);
  const [first] = CALIBRATION_POINTS;
  const last = CALIBRATION_POINTS.at(-1);
  if (benchmarkIndex <= first[0]) return first[1];
  if (benchmarkIndex >= last[0]) return last[1];
  for (let index = 1; index < CALIBRATION_POINTS.length; index++) {
    const [x1, y1] = CALIBRATION_POINTS[index];
    if (benchmarkIndex > x1) continue;
    const [x0, y0] = CALIBRATION_POINTS[index - 1];
    return Math.round((y0 + ((benchmarkIndex - x0) / (x1 - x0)) * (y1 - y0)) * 100) / 100;
  }
  return last[1];
}

/** The median of numbers (the middle one, or the mean of the two middle ones). */
export function median(values) {
  const sorted = values.filter((value) => typeof value === 'number' && Number.isFinite(value)).sort((a, b) => a - b);
  if (!sorted.length) return null;
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}

/** The score the blank app must reach under the calibrated throttling: below it the calibration is wrong. */
export const CONTROL_MIN_SCORE = 98;
