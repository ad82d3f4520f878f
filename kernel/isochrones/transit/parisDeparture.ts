import { parisLocalTime } from './serviceCalendar';

/**
 * ISO 8601 with the Europe/Paris offset of that day (`+01:00` in winter, `+02:00` in summer) for a Paris
 * wall-clock date `YYYY-MM-DD` and time `HH:MM`.
 */
export function parisDepartureTime(date: string, time: string): string {
  const [hours, minutes] = time.split(':').map(Number) as [number, number];
  const wallClock = Date.parse(`${date}T${time}:00Z`);
  for (const offsetHours of [1, 2]) {
    const local = parisLocalTime(new Date(wallClock - offsetHours * 3_600_000));
    if (local.date === date && local.seconds === hours * 3600 + minutes * 60) {
      return `${date}T${time}:00+0${offsetHours}:00`;
    }
  }
  // The hour skipped when clocks go forward: the same wall-clock time in summer time.
  return `${date}T${time}:00+02:00`;
}

/** The Paris wall-clock date `YYYY-MM-DD` and time `HH:MM` of an ISO 8601 instant. */
export function parisWallClock(iso: string): { date: string; time: string } {
  const { date, seconds } = parisLocalTime(new Date(iso));
  const minutes = Math.floor(seconds / 60);
  return {
    date,
    time: `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`,
  };
}
