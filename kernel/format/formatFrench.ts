/** French formats (fr-FR) for numbers, euros, percentages, surfaces and dates — one place for all. */
const integer = new Intl.NumberFormat('fr-FR', { maximumFractionDigits: 0 });
const euros = new Intl.NumberFormat('fr-FR', { style: 'currency', currency: 'EUR', maximumFractionDigits: 0 });
const shortDate = new Intl.DateTimeFormat('fr-FR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});
const longDate = new Intl.DateTimeFormat('fr-FR', {
  day: 'numeric',
  month: 'long',
  year: 'numeric',
  timeZone: 'Europe/Paris',
});

const missing = (value: number | null | undefined): value is null | undefined =>
  value === null || value === undefined || !Number.isFinite(value);

/** "12 345" — or the placeholder when the value is missing. */
export function formatNumber(value: number | null | undefined, fractionDigits = 0, placeholder = '—'): string {
  if (missing(value)) return placeholder;
  if (fractionDigits === 0) return integer.format(value);
  return new Intl.NumberFormat('fr-FR', {
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  }).format(value);
}

/** "447 000 €" (EUR, French locale, no decimals). */
export function formatEuros(value: number | null | undefined, placeholder = '—'): string {
  return missing(value) ? placeholder : euros.format(value);
}

/** "9 850 €/m²". */
export function formatEurosPerSquareMetre(value: number | null | undefined, placeholder = '—'): string {
  return missing(value) ? placeholder : `${euros.format(value)}/m²`;
}

/** "12,5 %" from a ratio in percent units (12.5 → "12,5 %"). */
export function formatPercent(value: number | null | undefined, fractionDigits = 1, placeholder = '—'): string {
  return missing(value) ? placeholder : `${formatNumber(value, fractionDigits)} %`;
}

/** "1,25 km²". */
export function formatSquareKilometres(value: number | null | undefined, placeholder = '—'): string {
  return missing(value) ? placeholder : `${formatNumber(value, 2)} km²`;
}

function toDate(value: string | number | Date): Date {
  if (value instanceof Date) return value;
  if (typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value)) return new Date(`${value}T12:00:00Z`);
  return new Date(value);
}

/** "03/01/2024". */
export function formatShortDate(value: string | number | Date | null | undefined, placeholder = '—'): string {
  if (value === null || value === undefined) return placeholder;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? placeholder : shortDate.format(date);
}

/** "3 janvier 2024". */
export function formatLongDate(value: string | number | Date | null | undefined, placeholder = '—'): string {
  if (value === null || value === undefined) return placeholder;
  const date = toDate(value);
  return Number.isNaN(date.getTime()) ? placeholder : longDate.format(date);
}
