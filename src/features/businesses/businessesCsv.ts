import type { Business } from '../../../kernel/businesses/businessSchemas';

/** The product's CSV columns, in order. */
export const CSV_COLUMNS = [
  'SIRET',
  'Nom',
  'Enseigne',
  'Code NAF',
  'Activité',
  'Adresse',
  'Ville',
  'Code Postal',
  'Effectifs',
  'Statut',
  'Source',
] as const;

const BOM = '\uFEFF';

/** A field quoted when it holds the separator, a quote or a line break (RFC 4180 with `;`). */
function field(value: string | null | undefined): string {
  const text = value ?? '';
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/**
 * The list as CSV for Excel: `;`-separated, UTF-8 with BOM, CRLF lines; the status reads « Actif » or
 * « Fermé »; the identifier column holds the SIRET only when the establishment has one; the last column
 * names the source and its vintage (demo rows say so).
 */
export function businessesCsv(businesses: readonly Business[]): string {
  const lines = [CSV_COLUMNS.join(';')];
  for (const business of businesses) {
    const source = business.demo
      ? 'établissement de démonstration'
      : `${business.source_label}${business.source_vintage ? ` · ${business.source_vintage}` : ''}`;
    lines.push(
      [
        business.siret,
        business.denomination,
        business.enseigne,
        business.naf_code,
        business.naf_label,
        business.address,
        business.city,
        business.postal_code,
        business.employee_range,
        business.status === 'F' ? 'Fermé' : 'Actif',
        source,
      ]
        .map(field)
        .join(';'),
    );
  }
  return `${BOM}${lines.join('\r\n')}\r\n`;
}

/** « entreprises_zone_2026-11-25.csv ». */
export const csvFileName = (date: string) => `entreprises_zone_${date}.csv`;
