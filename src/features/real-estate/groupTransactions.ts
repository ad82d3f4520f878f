import { inferLotType } from '../../../kernel/real-estate/inferLotType';
import { GROUP_TYPE_PRIORITY, type LotType, type RealEstateLot } from '../../../kernel/real-estate/realEstateTypes';

/** Transaction group: the lots of one id_mutation. */
export interface TransactionGroup {
  id_mutation: string;
  lots: RealEstateLot[];
  date_mutation: string;
  nature_mutation: string;
  /** From the first lot (DVF repeats the mutation's price on every row). */
  valeur_fonciere_total: number | null;
  total_surface: number | null;
  total_rooms: number | null;
  primary_type_local: LotType;
  /** Single-property €/m² of the mutation, when there is one. */
  price_per_m2: number | null;
  location: { lat: number; lon: number } | null;
}

/** Groups lots by id_mutation, keeping the order of first appearance. */
export function groupTransactions(lots: readonly RealEstateLot[]): TransactionGroup[] {
  const groups = new Map<string, RealEstateLot[]>();
  for (const lot of lots) {
    const group = groups.get(lot.id_mutation);
    if (group) group.push(lot);
    else groups.set(lot.id_mutation, [lot]);
  }
  return [...groups.entries()].map(([id, members]) => {
    const first = members[0] as RealEstateLot;
    let best = GROUP_TYPE_PRIORITY.length;
    let surface = 0;
    let rooms = 0;
    let hasRooms = false;
    for (const lot of members) {
      best = Math.min(best, GROUP_TYPE_PRIORITY.indexOf(inferLotType(lot)));
      if (lot.type_local && lot.type_local !== 'Dépendance' && (lot.surface_reelle_bati ?? 0) > 0) {
        surface += lot.surface_reelle_bati as number;
      }
      if (lot.nombre_pieces_principales !== null && lot.type_local !== 'Dépendance') {
        rooms += lot.nombre_pieces_principales;
        hasRooms = hasRooms || lot.nombre_pieces_principales > 0;
      }
    }
    return {
      id_mutation: id,
      lots: members,
      date_mutation: first.date_mutation,
      nature_mutation: first.nature_mutation,
      valeur_fonciere_total: first.valeur_fonciere,
      total_surface: surface > 0 ? surface : null,
      total_rooms: hasRooms ? rooms : null,
      primary_type_local: GROUP_TYPE_PRIORITY[best] ?? 'Non spécifié',
      price_per_m2: first.price_per_m2,
      location: members.find((lot) => lot.location)?.location ?? null,
    };
  });
}

/** "18 PL DU MARCHE ST HONORE 75001 Paris 1er Arrondissement", or null when the street is not recorded. */
export function lotAddress(lot: Pick<RealEstateLot, 'adresse_numero' | 'adresse_suffixe' | 'adresse_nom_voie' | 'code_postal' | 'nom_commune'>): string | null {
  if (!lot.adresse_nom_voie) return null;
  const street = [lot.adresse_numero, lot.adresse_suffixe, lot.adresse_nom_voie].filter(Boolean).join(' ');
  return [street, lot.code_postal, lot.nom_commune].filter(Boolean).join(' ');
}
