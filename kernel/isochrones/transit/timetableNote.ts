const longDate = new Intl.DateTimeFormat('fr-FR', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'UTC',
});

/** « lundi 18 mars 2019 » for `2019-03-18`. */
export function frenchServiceDate(date: string): string {
  return longDate.format(new Date(`${date}T00:00:00Z`));
}

/** A producer name without the feed's agency number: « RATP (100) » → « RATP ». */
export function networkName(agencyNames: string): string {
  return agencyNames.replace(/\s*\(\d+\)/g, '').trim() || agencyNames;
}

/** « horaires RATP du lundi 18 mars 2019 ». */
export function timetableNote(network: string, date: string): string {
  return `horaires ${network} du ${frenchServiceDate(date)}`;
}

/** `HH:MM` of seconds after midnight (past 24 h wraps). */
export function clockTime(seconds: number): string {
  const minutes = Math.floor(seconds / 60) % (24 * 60);
  return `${String(Math.floor(minutes / 60)).padStart(2, '0')}:${String(minutes % 60).padStart(2, '0')}`;
}
