import type { RealEstateLot } from '../../../kernel/real-estate/realEstateTypes';

const COLUMNS: readonly [string, (lot: RealEstateLot) => string | number | null][] = [
  ['Identifiant de mutation', (lot) => lot.id_mutation],
  ['Date de mutation', (lot) => lot.date_mutation],
  ['Nature de mutation', (lot) => lot.nature_mutation],
  ['Valeur foncière (€)', (lot) => lot.valeur_fonciere],
  ['Prix au m² (€)', (lot) => (lot.price_per_m2 === null ? null : Math.round(lot.price_per_m2))],
  ['Type de local', (lot) => lot.type_local],
  ['Surface réelle bâtie (m²)', (lot) => lot.surface_reelle_bati],
  ['Nombre de pièces principales', (lot) => lot.nombre_pieces_principales],
  ['Surface du terrain (m²)', (lot) => lot.surface_terrain],
  ['Nature de culture', (lot) => lot.nature_culture],
  ['Numéro du lot', (lot) => lot.lot1_numero],
  ['Numéro', (lot) => lot.adresse_numero],
  ['Suffixe', (lot) => lot.adresse_suffixe],
  ['Voie', (lot) => lot.adresse_nom_voie],
  ['Code postal', (lot) => lot.code_postal],
  ['Commune', (lot) => lot.nom_commune],
  ['Code IRIS', (lot) => lot.iris_code],
  ['Latitude', (lot) => lot.location?.lat ?? null],
  ['Longitude', (lot) => lot.location?.lon ?? null],
];

function field(value: string | number | null): string {
  if (value === null) return '';
  // French spreadsheet convention: decimal comma (the separator is ';').
  const text = typeof value === 'number' ? String(value).replace('.', ',') : value;
  return /[";\n\r]/.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** The lots as a French CSV: BOM, `;` separator, French headers, decimal comma, CRLF lines. */
export function transactionsToCsv(lots: readonly RealEstateLot[]): string {
  const lines = [COLUMNS.map(([header]) => field(header)).join(';')];
  for (const lot of lots) lines.push(COLUMNS.map(([, read]) => field(read(lot))).join(';'));
  return `\uFEFF${lines.join('\r\n')}\r\n`;
}
