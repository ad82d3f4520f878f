/** Type_local values as DVF writes them, plus the inferred ones. */
export const COMMERCIAL_TYPE_LOCAL = 'Local industriel. commercial ou assimilé';

export type LotType =
  | 'Maison'
  | 'Appartement'
  | 'Construction'
  | typeof COMMERCIAL_TYPE_LOCAL
  | 'Dépendance'
  | 'Terrain à bâtir'
  | 'Terrain'
  | 'Non spécifié';

/** The group type is the first of these found among its lots. */
export const GROUP_TYPE_PRIORITY: readonly LotType[] = [
  'Maison',
  'Appartement',
  'Construction',
  COMMERCIAL_TYPE_LOCAL,
  'Dépendance',
  'Terrain à bâtir',
  'Terrain',
  'Non spécifié',
];

/** Filter categories: Bâtiments, Constructible, Agricole. */
export type PropertyCategory = 'building' | 'constructible' | 'agricultural';

export const PROPERTY_CATEGORY_LABELS: Readonly<Record<PropertyCategory, string>> = {
  building: 'Bâtiments',
  constructible: 'Constructible',
  agricultural: 'Agricole',
};

export const PROPERTY_CATEGORY_HINTS: Readonly<Record<PropertyCategory, string>> = {
  building: 'appartements, maisons, commerces',
  constructible: 'terrains à bâtir, parkings',
  agricultural: 'terres, forêts, vignes',
};

/** The type_local values offered by the filters. */
export const TYPE_LOCAL_VALUES = [
  'Maison',
  'Appartement',
  'Construction',
  COMMERCIAL_TYPE_LOCAL,
  'Dépendance',
  'Terrain',
] as const;

/** Nature_mutation values. */
export const NATURE_MUTATION_VALUES = [
  'Vente',
  "Vente en l'état futur d'achèvement",
  'Vente terrain à bâtir',
  'Echange',
  'Adjudication',
  'Expropriation',
] as const;

/** "Local commercial/industriel" for the long DVF label, else the value itself. */
export function typeLocalLabel(type: string | null | undefined): string {
  if (!type) return 'Non spécifié';
  return type === COMMERCIAL_TYPE_LOCAL ? 'Local commercial/industriel' : type;
}

/** "VEFA" for the long nature label, else the value. */
export function natureMutationLabel(nature: string): string {
  return nature === "Vente en l'état futur d'achèvement" ? 'VEFA' : nature;
}

/** One DVF lot (a row of the file) as the API returns it. */
export interface RealEstateLot {
  id: number;
  id_mutation: string;
  date_mutation: string;
  nature_mutation: string;
  valeur_fonciere: number | null;
  price_per_m2: number | null;
  type_local: string | null;
  surface_reelle_bati: number | null;
  surface_terrain: number | null;
  nombre_pieces_principales: number | null;
  nature_culture: string | null;
  code_nature_culture: string | null;
  lot1_numero: string | null;
  adresse_numero: string | null;
  adresse_suffixe: string | null;
  adresse_nom_voie: string | null;
  code_postal: string | null;
  nom_commune: string | null;
  iris_code: string | null;
  id_parcelle: string | null;
  location: { lat: number; lon: number } | null;
}

/** The search-result form of a transaction (one per mutation). */
export interface RealEstateSearchResult {
  id: number;
  id_mutation: string;
  type_local: string | null;
  property_category: PropertyCategory;
  nature_mutation: string;
  adresse_numero: string | null;
  adresse_nom_voie: string | null;
  code_postal: string | null;
  nom_commune: string | null;
  valeur_fonciere: number | null;
  price_per_m2_bati: number | null;
  price_per_m2_constructible: number | null;
  price_per_m2_terrain: number | null;
  surface_reelle_bati: number | null;
  surface_terrain: number | null;
  nombre_pieces_principales: number | null;
  date_mutation: string;
  location: { lat: number; lon: number } | null;
}

/** Real-estate filters (every field optional). */
export interface RealEstateFilters {
  date_from?: string | undefined;
  date_to?: string | undefined;
  property_category?: PropertyCategory[] | undefined;
  type_local?: string[] | undefined;
  price_min?: number | undefined;
  price_max?: number | undefined;
  surface_min?: number | undefined;
  surface_max?: number | undefined;
  rooms_min?: number | undefined;
  rooms_max?: number | undefined;
  price_per_m2_min?: number | undefined;
  price_per_m2_max?: number | undefined;
  nature_mutation?: string[] | undefined;
}
