/** Calendar days in Europe/Berlin, whatever the server's zone (the digest and due dates count there). */
export const APP_TIME_ZONE = 'Europe/Berlin';

const dayFormat = new Intl.DateTimeFormat('en-CA', {
  timeZone: APP_TIME_ZONE,
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});

/** `YYYY-MM-DD` of `instant` in Berlin. */
export function berlinDay(instant: Date): string {
  return dayFormat.format(instant);
}

/** `YYYY-MM-DD` `days` calendar days after `day`. */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T12:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The pg-boss cron expression of a daily `HH:MM` (evaluated in Europe/Berlin by pg-boss). */
export function dailyCron(time: string): string {
  const [hours, minutes] = time.split(':').map(Number);
  return `${minutes} ${hours} * * *`;
}
