/** @jest-environment node */
import { calendarDay } from './calendar-day';
import { changeListQuerySchema } from './change';
import { viewQuerySchema } from './saved-view';
import { whitelistBulkSchema, whitelistCreateSchema, whitelistUpdateSchema } from './whitelist';

const ACCOUNT = '7c1f3c2e-8f6a-4b7e-9a51-0d3f5e8b2c11';
const OUTSIDE = ['0000-01-01', '10000-01-01', '-infinity', 'infinity', '2026-02-30'];

/** One day schema for every date field: what PostgreSQL and the UI cannot hold is refused (issue 45). */
describe('calendarDay', () => {
  it('takes the days from 0001-01-01 to 9999-12-31', () => {
    for (const day of ['0001-01-01', '2026-11-29', '9999-12-31']) expect(calendarDay().parse(day)).toBe(day);
  });

  it.each(OUTSIDE)('refuses %s', (day) => {
    expect(calendarDay().safeParse(day).success).toBe(false);
  });

  it('keeps a narrower range when asked', () => {
    const due = calendarDay({ min: '2000-01-01', max: '2999-12-31' });
    expect(due.safeParse('1999-12-31').success).toBe(false);
    expect(due.safeParse('3000-01-01').success).toBe(false);
    expect(due.safeParse('2000-01-01').success).toBe(true);
  });

  it.each(OUTSIDE)('is what the whitelist, the history filters and saved views refuse: %s', (day) => {
    expect(
      whitelistCreateSchema.safeParse({ accountId: ACCOUNT, value: 'a@example.com', validUntil: day }).success,
    ).toBe(false);
    expect(whitelistUpdateSchema.safeParse({ validUntil: day }).success).toBe(false);
    expect(whitelistBulkSchema.safeParse({ action: 'set_valid_until', validUntil: day, ids: [ACCOUNT] }).success).toBe(
      false,
    );
    expect(changeListQuerySchema.safeParse({ from: day }).success).toBe(false);
    expect(changeListQuerySchema.safeParse({ to: day }).success).toBe(false);
    expect(viewQuerySchema.safeParse(`from=${encodeURIComponent(day)}`).success).toBe(false);
  });
});

describe('saved view queries', () => {
  it('refuses a search the list would refuse', () => {
    expect(viewQuerySchema.safeParse('q=%00').success).toBe(false);
    expect(viewQuerySchema.safeParse('q=%E2%80%AEx').success).toBe(false);
    expect(viewQuerySchema.safeParse('q=M%C3%BCller&sort=name').success).toBe(true);
  });
});
