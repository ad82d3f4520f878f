import type { RealEstateLot } from '../../kernel/real-estate/realEstateTypes';

export type ArrowRow = Record<string, unknown>;

const numberOrNull = (value: unknown) => (value === null || value === undefined ? null : Number(value));
const textOrNull = (value: unknown) => (value === null || value === undefined ? null : String(value));

/** An Arrow row of the zone-transactions stream as a lot. */
export function lotFromArrow(row: ArrowRow): RealEstateLot & { group_type_local: string } {
  const latitude = numberOrNull(row.latitude);
  const longitude = numberOrNull(row.longitude);
  return {
    id: Number(row.id),
    id_mutation: String(row.id_mutation),
    date_mutation: String(row.date_mutation),
    nature_mutation: String(row.nature_mutation),
    valeur_fonciere: numberOrNull(row.valeur_fonciere),
    price_per_m2: numberOrNull(row.price_per_m2),
    group_type_local: String(row.group_type_local),
    type_local: textOrNull(row.type_local),
    surface_reelle_bati: numberOrNull(row.surface_reelle_bati),
    surface_terrain: numberOrNull(row.surface_terrain),
    nombre_pieces_principales: numberOrNull(row.nombre_pieces_principales),
    nature_culture: textOrNull(row.nature_culture),
    code_nature_culture: textOrNull(row.code_nature_culture),
    lot1_numero: textOrNull(row.lot1_numero),
    adresse_numero: textOrNull(row.adresse_numero),
    adresse_suffixe: textOrNull(row.adresse_suffixe),
    adresse_nom_voie: textOrNull(row.adresse_nom_voie),
    code_postal: textOrNull(row.code_postal),
    nom_commune: textOrNull(row.nom_commune),
    iris_code: textOrNull(row.iris_code),
    id_parcelle: textOrNull(row.id_parcelle),
    location: latitude === null || longitude === null ? null : { lat: latitude, lon: longitude },
  };
}

