import type { LotType } from './realEstateTypes';

/** What type inference reads from a lot. */
export interface LotTypeInput {
  type_local: string | null;
  nature_mutation: string;
  lot1_numero: string | null;
  surface_reelle_bati: number | null;
  surface_terrain: number | null;
  code_nature_culture: string | null;
}

const VEFA = "Vente en l'état futur d'achèvement";
/** Cultivation code of building land ("terrains à bâtir"). */
const BUILDING_LAND_CULTURES = new Set(['AB']);
const KNOWN_TYPES = new Set(['Maison', 'Appartement', 'Local industriel. commercial ou assimilé', 'Construction']);

/**
 * Per-lot inference: an existing type other than Dépendance is kept; a lot number in a VEFA
 * gives Construction; a land-for-building sale (or the building-land cultivation code) gives
 * Terrain à bâtir; a built surface gives Maison; land above 1,000 m², or any land with a cultivation
 * code, gives Terrain; otherwise Dépendance when it was one, else Non spécifié.
 */
export function inferLotType(lot: LotTypeInput): LotType {
  const type = lot.type_local?.trim() || null;
  if (type && type !== 'Dépendance' && KNOWN_TYPES.has(type)) return type as LotType;
  if (lot.lot1_numero && lot.nature_mutation === VEFA) return 'Construction';
  if (lot.nature_mutation === 'Vente terrain à bâtir') return 'Terrain à bâtir';
  if (lot.code_nature_culture && BUILDING_LAND_CULTURES.has(lot.code_nature_culture)) return 'Terrain à bâtir';
  if (type === 'Dépendance') return 'Dépendance';
  if ((lot.surface_reelle_bati ?? 0) > 0) return 'Maison';
  const land = lot.surface_terrain ?? 0;
  if (land > 1000 || (land > 0 && lot.code_nature_culture)) return 'Terrain';
  return 'Non spécifié';
}
