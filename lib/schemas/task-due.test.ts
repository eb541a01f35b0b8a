/** @jest-environment node */
import { addDays, berlinToday, dueRange, isTaskOverdue, startOfWeek } from './task-due';

/** "Overdue" and "today" are calendar days in Germany, whatever the server's clock zone (SPEC §2 Task). */
describe('task due dates in Europe/Berlin', () => {
  afterEach(() => jest.useRealTimers());

  const dueToday = { status: 'open', dueDate: '2026-11-24' };

  it('turns a task due today overdue at midnight in Germany (winter time, UTC+1), not at midnight UTC', () => {
    jest.useFakeTimers({ now: new Date('2026-11-24T22:59:59.999Z') }); // 23:59:59 in Berlin
    expect(berlinToday()).toBe('2026-11-24');
    expect(isTaskOverdue(dueToday)).toBe(false);
    expect(dueRange('today')).toEqual({ from: '2026-11-24', until: '2026-11-25' });

    jest.setSystemTime(new Date('2026-11-24T23:00:00.000Z')); // 00:00 on the 25th in Berlin, still the 24th in UTC
    expect(berlinToday()).toBe('2026-11-25');
    expect(isTaskOverdue(dueToday)).toBe(true);
    expect(dueRange('overdue')).toEqual({ until: '2026-11-25' });
    expect(dueRange('today')).toEqual({ from: '2026-11-25', until: '2026-11-26' });
  });

  it('uses summer time (UTC+2) in summer', () => {
    const task = { status: 'in_progress', dueDate: '2026-07-01' };
    expect(isTaskOverdue(task, new Date('2026-07-01T21:59:59Z'))).toBe(false);
    expect(isTaskOverdue(task, new Date('2026-07-01T22:00:00Z'))).toBe(true);
  });

  it('counts the days of a DST change as one day each', () => {
    // 29 March 2026: clocks go from 02:00 to 03:00; the day still ends at 22:00 UTC.
    expect(berlinToday(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(berlinToday(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(berlinToday(new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(berlinToday(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    expect(addDays('2026-03-28', 2)).toBe('2026-03-30');
  });

  it('never calls a done task or one without a due date overdue', () => {
    const late = new Date('2026-12-31T12:00:00Z');
    expect(isTaskOverdue({ status: 'done', dueDate: '2026-11-24' }, late)).toBe(false);
    expect(isTaskOverdue({ status: 'open', dueDate: null }, late)).toBe(false);
  });

  it('"week" is today and the six days after it; the dashboard week starts on Monday', () => {
    expect(dueRange('week', new Date('2026-12-30T12:00:00Z'))).toEqual({ from: '2026-12-30', until: '2027-01-06' });
    expect(startOfWeek('2026-11-24')).toBe('2026-11-23'); // a Tuesday → Monday
    expect(startOfWeek('2026-11-23')).toBe('2026-11-23');
    expect(startOfWeek('2026-11-29')).toBe('2026-11-23'); // Sunday belongs to the week before
  });
});
