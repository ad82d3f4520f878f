/**
 * The INSEE bases published at IRIS level that Zonalyse stores (`insee_iris_statistics.base`): the
 * five "bases infracommunales" of the census (RP) and the two Filosofi income bases.
 */
export const INSEE_IRIS_BASES = [
  'evol-struct-pop',
  'logement',
  'activite-residents',
  'diplomes-formation',
  'couples-familles-menages',
  'filosofi-disp',
  'filosofi-dec',
] as const;

export type InseeIrisBase = (typeof INSEE_IRIS_BASES)[number];

/** French label of each base, as INSEE names it. */
export const INSEE_IRIS_BASE_LABELS: Readonly<Record<InseeIrisBase, string>> = {
  'evol-struct-pop': 'Population — évolution et structure (recensement)',
  logement: 'Logement (recensement)',
  'activite-residents': 'Activité des résidents (recensement)',
  'diplomes-formation': 'Diplômes — formation (recensement)',
  'couples-familles-menages': 'Couples — familles — ménages (recensement)',
  'filosofi-disp': 'Revenus disponibles (Filosofi)',
  'filosofi-dec': 'Revenus déclarés (Filosofi)',
};

/** The `datasets.source` of a base: `insee-activite-residents`, `insee-filosofi-disp`… */
export function inseeDatasetSource(base: InseeIrisBase): string {
  return `insee-${base}`;
}
