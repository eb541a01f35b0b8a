/** @jest-environment node */
import { CONTROL_MIN_SCORE, cpuSlowdownMultiplier, median } from './cpu-calibration.mjs';

describe('cpuSlowdownMultiplier (Lighthouse calculator)', () => {
  it('maps the calculator points exactly', () => {
    expect(cpuSlowdownMultiplier(150)).toBe(1);
    expect(cpuSlowdownMultiplier(800)).toBe(2);
    expect(cpuSlowdownMultiplier(1300)).toBe(3);
    expect(cpuSlowdownMultiplier(1533)).toBe(4);
  });

  it('is linear between the points', () => {
    expect(cpuSlowdownMultiplier(475)).toBe(1.5);
    expect(cpuSlowdownMultiplier(1050)).toBe(2.5);
    expect(cpuSlowdownMultiplier(1416.5)).toBe(3.5);
    // The hosts issue 50 measured: 630 and 1,405.
    expect(cpuSlowdownMultiplier(630)).toBe(1.74);
    expect(cpuSlowdownMultiplier(1405)).toBe(3.45);
  });

  it('caps at 4× and never goes below 1×', () => {
    expect(cpuSlowdownMultiplier(2500)).toBe(4);
    expect(cpuSlowdownMultiplier(50)).toBe(1);
    expect(() => cpuSlowdownMultiplier(Number.NaN)).toThrow();
  });
});

describe('median', () => {
  it('takes the middle of three and the mean of two middles', () => {
    expect(median([900, 700, 1200])).toBe(900);
    expect(median([1, 3, 2, 4])).toBe(2.5);
    expect(median([])).toBeNull();
  });

  it('asks the control for 98', () => {
    expect(CONTROL_MIN_SCORE).toBe(98);
  });
});
