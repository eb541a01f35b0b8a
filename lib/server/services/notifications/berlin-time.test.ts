import { addDays, berlinDay, dailyCron } from './berlin-time';

describe('Berlin days for the digest and due dates', () => {
  it('counts the calendar day in Berlin, across both clock changes', () => {
    // 2026-03-29: clocks go from 02:00 CET to 03:00 CEST.
    expect(berlinDay(new Date('2026-03-28T22:59:59Z'))).toBe('2026-03-28');
    expect(berlinDay(new Date('2026-03-28T23:00:00Z'))).toBe('2026-03-29');
    expect(berlinDay(new Date('2026-03-29T21:59:59Z'))).toBe('2026-03-29');
    expect(berlinDay(new Date('2026-03-29T22:00:00Z'))).toBe('2026-03-30');
    // 2026-10-25: clocks go back from 03:00 CEST to 02:00 CET.
    expect(berlinDay(new Date('2026-10-24T21:59:59Z'))).toBe('2026-10-24');
    expect(berlinDay(new Date('2026-10-24T22:00:00Z'))).toBe('2026-10-25');
    expect(berlinDay(new Date('2026-10-25T22:59:59Z'))).toBe('2026-10-25');
    expect(berlinDay(new Date('2026-10-25T23:00:00Z'))).toBe('2026-10-26');
  });

  it('adds calendar days', () => {
    expect(addDays('2026-03-28', 1)).toBe('2026-03-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
  });

  it('writes a daily cron', () => {
    expect(dailyCron('07:00')).toBe('0 7 * * *');
    expect(dailyCron('06:30')).toBe('30 6 * * *');
  });
});

describe('the digest schedule pg-boss evaluates (cron-parser with Europe/Berlin), with an injected clock', () => {
  // pg-boss sends a scheduled job when the cron's previous time is less than a minute ago.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const cronParser = require('cron-parser') as {
    parseExpression: (
      cron: string,
      options: { tz: string; currentDate: Date },
    ) => { prev: () => { getTime: () => number } };
  };
  const firesAt = (now: string) =>
    Date.parse(now) -
      cronParser
        .parseExpression(dailyCron('07:00'), { tz: 'Europe/Berlin', currentDate: new Date(now) })
        .prev()
        .getTime() <
    60_000;

  it('fires at 07:00 Berlin in winter (06:00 UTC) and summer (05:00 UTC), also on the days the clocks change', () => {
    expect(firesAt('2026-03-28T06:00:30Z')).toBe(true); // Saturday before: CET
    expect(firesAt('2026-03-28T05:00:30Z')).toBe(false);
    expect(firesAt('2026-03-29T05:00:30Z')).toBe(true); // spring forward: CEST from 03:00
    expect(firesAt('2026-03-29T06:00:30Z')).toBe(false);
    expect(firesAt('2026-10-25T06:00:30Z')).toBe(true); // fall back: CET from 03:00
    expect(firesAt('2026-10-25T05:00:30Z')).toBe(false);
    expect(firesAt('2026-10-24T05:00:30Z')).toBe(true);
  });

  it('fires once a day: not again within the day (checked every 15 minutes)', () => {
    let fired = 0;
    for (let minute = 0; minute < 24 * 60; minute += 15) {
      if (firesAt(new Date(Date.parse('2026-10-25T00:00:30Z') + minute * 60_000).toISOString())) fired += 1;
    }
    expect(fired).toBe(1);
  });
});
