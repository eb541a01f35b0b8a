import { asOfInputValue, asOfInstant } from './as-of-time';

describe('asOfInstant', () => {
  it('reads a datetime-local value as Berlin time, summer and winter', () => {
    expect(asOfInstant('2026-03-01T12:00')?.toISOString()).toBe('2026-03-01T11:00:00.000Z');
    expect(asOfInstant('2026-07-01T12:00:30')?.toISOString()).toBe('2026-07-01T10:00:30.000Z');
  });
  it('keeps an RFC 3339 value with its offset, refuses anything else', () => {
    expect(asOfInstant('2026-03-01T12:00:00Z')?.toISOString()).toBe('2026-03-01T12:00:00.000Z');
    expect(asOfInstant('2026-03-01T12:00:00+02:00')?.toISOString()).toBe('2026-03-01T10:00:00.000Z');
    expect(asOfInstant('gestern')).toBeNull();
  });
  it('gives back the input value it came from', () => {
    expect(asOfInputValue(asOfInstant('2026-11-29T09:41:07')!)).toBe('2026-11-29T09:41:07');
  });
});
