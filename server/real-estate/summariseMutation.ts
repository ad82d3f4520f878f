import { inferLotType, type LotTypeInput } from '../../kernel/real-estate/inferLotType';
import { COMMERCIAL_TYPE_LOCAL, GROUP_TYPE_PRIORITY, type LotType, type PropertyCategory } from '../../kernel/real-estate/realEstateTypes';

/** The fields of a lot that the mutation summary reads. */
export interface MutationLot extends LotTypeInput {
  valeur_fonciere: number | null;
  id_parcelle: string | null;
  nombre_pieces_principales: number | null;
}

/** Transaction group, computed once from the lots of one id_mutation. */
export interface MutationSummary {
  /** Index (in the given lots) of the lot that carries the group type. */
  primaryIndex: number;
  type_local: LotType;
  property_category: PropertyCategory;
  /** The price of the first lot (DVF repeats the mutation's price on each row). */
  valeur_fonciere_total: number | null;
  /** Distinct lots (a lot repeated on several parcels counts once). */
  lot_count: number;
  total_surface: number | null;
  total_rooms: number | null;
  surface_terrain: number | null;
  /** The type of the single dwelling or commercial premises sold, when the sale is of exactly one. */
  single_type_local: string | null;
  /** Distinct dependencies (caves, parkings: DVF gives their price inside the sale's, never their surface). */
  dependency_count: number;
  /** €/m² of a single-property sale (one Appartement, Maison or local, dependencies allowed); else null. */
  price_per_m2: number | null;
  price_per_m2_bati: number | null;
  price_per_m2_terrain: number | null;
}

const PROPERTY_TYPES = new Set(['Maison', 'Appartement', COMMERCIAL_TYPE_LOCAL]);

/** Category of a group type: Bâtiments, Constructible (building land, parkings) or Agricole. */
export function propertyCategoryOf(type: LotType): PropertyCategory {
  if (type === 'Terrain à bâtir' || type === 'Dépendance') return 'constructible';
  if (type === 'Terrain' || type === 'Non spécifié') return 'agricultural';
  return 'building';
}

const positive = (value: number | null | undefined): value is number =>
  value !== null && value !== undefined && Number.isFinite(value) && value > 0;

/**
 * Groups the lots of one mutation: the group type is the first of {@link GROUP_TYPE_PRIORITY}
 * among the inferred lot types; surfaces and rooms are summed over distinct premises, land over
 * distinct parcels; the price per m² is kept only for the sale of a single property, as the
 * official DVF statistics do.
 */
export function summariseMutation(lots: readonly MutationLot[]): MutationSummary {
  if (lots.length === 0) throw new Error('mutation sans lot');
  const types = lots.map(inferLotType);
  let primaryIndex = 0;
  let best = GROUP_TYPE_PRIORITY.length;
  types.forEach((type, index) => {
    const rank = GROUP_TYPE_PRIORITY.indexOf(type);
    if (rank < best) {
      best = rank;
      primaryIndex = index;
    }
  });
  const type = types[primaryIndex] as LotType;
  const premises = new Map<string, MutationLot>();
  const parcels = new Map<string, number>();
  const lotKeys = new Set<string>();
  const dependencies = new Set<string>();
  for (const lot of lots) {
    if (lot.type_local) {
      const key = `${lot.id_parcelle ?? ''}|${lot.lot1_numero ?? ''}|${lot.type_local}|${lot.surface_reelle_bati ?? ''}`;
      lotKeys.add(key);
      if (lot.type_local === 'Dépendance') dependencies.add(key);
      if (PROPERTY_TYPES.has(lot.type_local)) premises.set(key, lot);
    }
    if (positive(lot.surface_terrain)) {
      const parcel = `${lot.id_parcelle ?? ''}|${lot.code_nature_culture ?? ''}`;
      parcels.set(parcel, lot.surface_terrain);
    }
  }
  let surface = 0;
  let rooms = 0;
  let hasRooms = false;
  for (const lot of premises.values()) {
    if (positive(lot.surface_reelle_bati)) surface += lot.surface_reelle_bati;
    if (lot.nombre_pieces_principales !== null) {
      rooms += lot.nombre_pieces_principales;
      hasRooms = true;
    }
  }
  const land = [...parcels.values()].reduce((sum, value) => sum + value, 0);
  const price = lots[0]?.valeur_fonciere ?? null;
  const single = premises.size === 1 ? [...premises.values()][0] : undefined;
  const singleSurface = single?.surface_reelle_bati;
  return {
    primaryIndex,
    type_local: type,
    property_category: propertyCategoryOf(type),
    valeur_fonciere_total: price,
    lot_count: Math.max(lotKeys.size, 1),
    total_surface: surface > 0 ? surface : null,
    total_rooms: hasRooms ? rooms : null,
    surface_terrain: land > 0 ? land : null,
    single_type_local: single?.type_local ?? null,
    dependency_count: dependencies.size,
    price_per_m2: single && positive(price) && positive(singleSurface) ? price / singleSurface : null,
    price_per_m2_bati: positive(price) && surface > 0 ? price / surface : null,
    price_per_m2_terrain: positive(price) && land > 0 ? price / land : null,
  };
}
