import { formatLongDate } from '../../../kernel/format/formatFrench';
import type { TransitProperties } from '../../../kernel/isochrones/isochroneSchemas';
import { frenchServiceDate } from '../../../kernel/isochrones/transit/timetableNote';

/**
 * What a public-transport zone was computed on: « Calculé sur les horaires RATP du lundi 18 mars 2019,
 * départ 08:00 », and why that day when the chosen one lies outside the network's calendar.
 */
export function transitNoteText(transit: TransitProperties): string {
  const departure =
    transit.windowMinutes > 0
      ? `départs chaque minute de ${transit.departure} pendant ${transit.windowMinutes} min, zone atteinte dans ${transit.percentile ?? 50} % des départs`
      : `départ ${transit.departure}`;
  const why = transit.substituted
    ? ` La date choisie (${frenchServiceDate(transit.requestedDate)}) est hors de la période des horaires (du ${formatLongDate(transit.validFrom)} au ${formatLongDate(transit.validUntil)}) : même jour de la semaine, même heure.`
    : '';
  return `Calculé sur les ${transit.note}, ${departure}.${why}`;
}

/** The zone list's line for a public-transport zone: network, day and departure. */
export function transitSummary(transit: TransitProperties): string {
  const window = transit.windowMinutes > 0 ? ` (+ ${transit.windowMinutes} min, ${transit.percentile ?? 50} %)` : '';
  return `${transit.network} · ${frenchServiceDate(transit.serviceDate)} · départ ${transit.departure}${window}`;
}
