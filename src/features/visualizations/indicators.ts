/** Geographic levels of the indicator tiles and the Visualisations panel. */
export type IndicatorLevel = 'iris' | 'commune' | 'departement' | 'region';

/** The indicators baked into the area tiles (tile property names). */
export type IndicatorId =
  | 'population_density'
  | 'population'
  | 'median_income'
  | 'employment_rate'
  | 'land_value_per_sqm'
  | 'house_share'
  | 'business_count';

export interface IndicatorDefinition {
  id: IndicatorId;
  /** Tile / API property holding the value. */
  property: string;
  group: 'Démographie' | 'Économie' | 'Immobilier' | 'Entreprises';
  label: string;
  unit: string;
  /** Values are shares (0–1) shown as percentages. */
  percent?: boolean;
  /** Lower bounds of the six classes, per level (intensive indicators use the same everywhere). */
  breaks: Record<IndicatorLevel, readonly [number, number, number, number, number, number]>;
  source: string;
}

const same = (breaks: readonly [number, number, number, number, number, number]) => ({
  iris: breaks,
  commune: breaks,
  departement: breaks,
  region: breaks,
});

/**
 * Metric groups and six-stop ramps: population 0, 100, 500, 1000, 2000, 5000 and revenue
 * 0, 15000, 25000, 35000, 50000, 75000 and land value 0, 1000, 5000, 10000, 20000, 50000 at IRIS
 * level; counts (population, businesses) get ramps scaled to the larger areas of the other levels.
 */
export const INDICATORS: readonly IndicatorDefinition[] = [
  {
    id: 'population_density',
    property: 'population_density',
    group: 'Démographie',
    label: 'Densité de population',
    unit: 'hab./km²',
    breaks: same([0, 1000, 5000, 10000, 20000, 25000]),
    source: 'INSEE : recensement par IRIS (RP, millésime de l’IRIS) ; populations légales 2023 pour les communes, départements et régions (COG 2026)',
  },
  {
    id: 'population',
    property: 'population',
    group: 'Démographie',
    label: 'Population totale',
    unit: 'habitants',
    breaks: {
      iris: [0, 100, 500, 1000, 2000, 5000],
      commune: [0, 500, 2000, 10000, 50000, 200000],
      departement: [0, 200000, 500000, 1000000, 1500000, 2000000],
      region: [0, 1000000, 3000000, 5000000, 6000000, 8000000],
    },
    source: 'INSEE : recensement par IRIS (RP, millésime de l’IRIS) ; populations légales 2023 pour les communes, départements et régions (COG 2026)',
  },
  {
    id: 'median_income',
    property: 'median_income',
    group: 'Économie',
    label: 'Revenu médian',
    unit: '€/an par UC',
    breaks: same([0, 15000, 25000, 35000, 50000, 75000]),
    source: 'INSEE Filosofi (revenus disponibles)',
  },
  {
    id: 'employment_rate',
    property: 'employment_rate',
    group: 'Économie',
    label: 'Taux d’emploi (15-64 ans)',
    unit: '%',
    percent: true,
    breaks: same([0, 0.5, 0.6, 0.65, 0.7, 0.75]),
    source: 'INSEE (recensement, activité des résidents)',
  },
  {
    id: 'land_value_per_sqm',
    property: 'land_value_per_sqm',
    group: 'Immobilier',
    label: 'Valeur foncière au m²',
    unit: '€/m²',
    breaks: same([0, 1000, 5000, 10000, 20000, 50000]),
    source: 'DVF (médiane des ventes d’un seul logement)',
  },
  {
    id: 'house_share',
    property: 'house_share',
    group: 'Immobilier',
    label: 'Type de logement (part de maisons)',
    unit: '%',
    percent: true,
    breaks: same([0, 0.1, 0.25, 0.5, 0.75, 0.9]),
    source: 'INSEE (recensement, logement)',
  },
  {
    id: 'business_count',
    property: 'business_count',
    group: 'Entreprises',
    label: 'Nombre d’entreprises',
    unit: 'établissements',
    breaks: {
      iris: [0, 10, 50, 100, 250, 500],
      commune: [0, 50, 250, 1000, 5000, 20000],
      departement: [0, 5000, 20000, 50000, 100000, 200000],
      region: [0, 50000, 100000, 250000, 500000, 1000000],
    },
    source: 'Sirene (établissements actifs)',
  },
];

export const INDICATOR_GROUPS = ['Démographie', 'Économie', 'Immobilier', 'Entreprises'] as const;

export function indicatorById(id: IndicatorId): IndicatorDefinition {
  const found = INDICATORS.find((indicator) => indicator.id === id);
  if (!found) throw new Error(`Indicateur inconnu : ${id}`);
  return found;
}

/** The four levels with their approximate number of zones. */
export const INDICATOR_LEVELS: readonly { id: IndicatorLevel; label: string; zones: string }[] = [
  { id: 'iris', label: 'IRIS', zones: '~50 000 zones' },
  { id: 'commune', label: 'Commune', zones: '~35 000 zones' },
  { id: 'departement', label: 'Département', zones: '101 zones' },
  { id: 'region', label: 'Région', zones: '18 zones' },
];

/** Palettes of the Visualisations panel: six colours from light to dark. */
export const PALETTES = {
  blues: ['#eff3ff', '#c6dbef', '#9ecae1', '#6baed6', '#3182bd', '#08519c'],
  greens: ['#edf8e9', '#c7e9c0', '#a1d99b', '#74c476', '#31a354', '#006d2c'],
  purples: ['#f2f0f7', '#dadaeb', '#bcbddc', '#9e9ac8', '#756bb1', '#54278f'],
  heat: ['#ffffb2', '#fed976', '#feb24c', '#fd8d3c', '#f03b20', '#bd0026'],
} as const;
export type PaletteId = keyof typeof PALETTES;
export const PALETTE_LABELS: Record<PaletteId, string> = {
  blues: 'Bleus',
  greens: 'Verts',
  purples: 'Violets',
  heat: 'Chaleur',
};

/** The class (0–5) of a value for a set of breaks. */
export function classOf(value: number, breaks: readonly number[]): number {
  let index = 0;
  for (let position = 1; position < breaks.length; position += 1) {
    if (value >= (breaks[position] as number)) index = position;
  }
  return index;
}
