/** The app's time zone: a "Stand am" without an offset is a Berlin wall-clock time. */
const ZONE = 'Europe/Berlin';

const parts = (date: Date) =>
  Object.fromEntries(
    new Intl.DateTimeFormat('en-GB', {
      timeZone: ZONE,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    })
      .formatToParts(date)
      .map((part) => [part.type, part.value]),
  ) as Record<'year' | 'month' | 'day' | 'hour' | 'minute' | 'second', string>;

/** Berlin's offset from UTC at that instant, in ms. */
function berlinOffset(date: Date): number {
  const p = parts(date);
  const wall = Date.UTC(+p.year, +p.month - 1, +p.day, +p.hour, +p.minute, +p.second);
  return wall - Math.floor(date.getTime() / 1000) * 1000;
}

/**
 * The instant of an `asOf` parameter: RFC 3339 with an offset as it is; a `datetime-local` value
 * (`2026-03-01T12:00` or with seconds) as Berlin time. Null when it is neither.
 */
export function asOfInstant(value: string): Date | null {
  if (/(Z|[+-]\d\d:\d\d)$/i.test(value)) {
    const date = new Date(value);
    return Number.isNaN(date.getTime()) ? null : date;
  }
  const match = /^(\d{4})-(\d\d)-(\d\d)T(\d\d):(\d\d)(?::(\d\d))?$/.exec(value);
  if (!match) return null;
  const [, y, mo, d, h, mi, s] = match;
  const asUtc = Date.UTC(+y!, +mo! - 1, +d!, +h!, +mi!, +(s ?? 0));
  const first = asUtc - berlinOffset(new Date(asUtc));
  return new Date(asUtc - berlinOffset(new Date(first)));
}

/** The `datetime-local` value (Berlin time, with seconds) of an instant. */
export function asOfInputValue(date: Date): string {
  const p = parts(date);
  return `${p.year}-${p.month}-${p.day}T${p.hour}:${p.minute}:${p.second}`;
}
