import { parisLocalTime, timetableDate } from '../../../kernel/isochrones/transit/serviceCalendar';
import type { TimetableServiceRecord } from '../../../kernel/isochrones/transit/Timetable';

/** Spec default: next Monday (today if Monday) at 08:00, Europe/Paris. */
export function defaultDeparture(now: Date): { date: string; seconds: number } {
  const today = parisLocalTime(now).date;
  const weekday = (new Date(`${today}T00:00:00Z`).getUTCDay() + 6) % 7;
  const monday = new Date(new Date(`${today}T00:00:00Z`).getTime() + ((7 - weekday) % 7) * 86_400_000);
  return { date: monday.toISOString().slice(0, 10), seconds: 8 * 3600 };
}

/**
 * The departure of a request in the timetable: the Europe/Paris date and time of `departureTime` (or the
 * default), and the service day used — the same weekday inside the calendar when the date is outside it.
 */
export function transitDeparture(
  departureTime: string | null | undefined,
  services: readonly TimetableServiceRecord[],
  now: Date = new Date(),
): { requestedDate: string; serviceDate: string; substituted: boolean; seconds: number } | null {
  const local = departureTime ? parisLocalTime(new Date(departureTime)) : defaultDeparture(now);
  const service = timetableDate(services, local.date);
  if (!service) return null;
  return {
    requestedDate: local.date,
    serviceDate: service.date,
    substituted: service.substituted,
    seconds: local.seconds,
  };
}
