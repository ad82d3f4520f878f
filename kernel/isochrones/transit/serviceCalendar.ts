import type { TimetableServiceRecord } from './Timetable';

const DAY_MS = 86_400_000;

/** Day of the week of a `YYYY-MM-DD` date, Monday = 0 … Sunday = 6. */
export function weekdayOf(date: string): number {
  return (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;
}

/** The date `days` after (or before) a `YYYY-MM-DD` date. */
export function addDays(date: string, days: number): string {
  return new Date(new Date(`${date}T00:00:00Z`).getTime() + days * DAY_MS).toISOString().slice(0, 10);
}

/** Whether the service runs on the date (`calendar.txt` weekdays and period, then `calendar_dates.txt`). */
export function serviceRunsOn(service: TimetableServiceRecord, date: string): boolean {
  if (service.removedDates.includes(date)) return false;
  if (service.addedDates.includes(date)) return true;
  if (service.startDate === null || service.endDate === null) return false;
  return date >= service.startDate && date <= service.endDate && service.weekdays[weekdayOf(date)] === true;
}

/** One flag per service: 1 when it runs on the date. */
export function runningServices(services: readonly TimetableServiceRecord[], date: string): Uint8Array {
  return Uint8Array.from(services, (service) => (serviceRunsOn(service, date) ? 1 : 0));
}

/** First and last day any service runs. */
export function calendarPeriod(services: readonly TimetableServiceRecord[]): { start: string; end: string } | null {
  let start: string | null = null;
  let end: string | null = null;
  for (const service of services) {
    for (const date of [service.startDate, service.endDate, ...service.addedDates]) {
      if (date === null) continue;
      if (start === null || date < start) start = date;
      if (end === null || date > end) end = date;
    }
  }
  return start === null || end === null ? null : { start, end };
}

/**
 * The date whose timetable answers a request for `requested`: the date itself when it lies in the
 * calendar's period, else the same weekday inside it — the one whose set of running services is the most
 * common for that weekday over the period (the ordinary week, not a holiday), earliest on a tie.
 */
export function timetableDate(
  services: readonly TimetableServiceRecord[],
  requested: string,
): { date: string; substituted: boolean } | null {
  const period = calendarPeriod(services);
  if (!period) return null;
  if (requested >= period.start && requested <= period.end) return { date: requested, substituted: false };
  const weekday = weekdayOf(requested);
  let date = addDays(period.start, (weekday - weekdayOf(period.start) + 7) % 7);
  const counts = new Map<string, { count: number; first: string }>();
  for (; date <= period.end; date = addDays(date, 7)) {
    const key = runningServices(services, date).join('');
    if (!key.includes('1')) continue;
    const entry = counts.get(key);
    if (entry) entry.count += 1;
    else counts.set(key, { count: 1, first: date });
  }
  let best: { count: number; first: string } | undefined;
  for (const entry of counts.values()) {
    if (!best || entry.count > best.count || (entry.count === best.count && entry.first < best.first)) best = entry;
  }
  return best ? { date: best.first, substituted: true } : null;
}

const parisParts = new Intl.DateTimeFormat('en-GB', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** The Europe/Paris date (`YYYY-MM-DD`) and seconds after midnight of an instant. */
export function parisLocalTime(instant: Date): { date: string; seconds: number } {
  const parts = Object.fromEntries(parisParts.formatToParts(instant).map((part) => [part.type, part.value]));
  return {
    date: `${parts.year}-${parts.month}-${parts.day}`,
    seconds: Number(parts.hour) * 3600 + Number(parts.minute) * 60 + Number(parts.second),
  };
}
