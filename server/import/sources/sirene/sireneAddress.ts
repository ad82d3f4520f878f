/** Sirene's `typeVoieEtablissement` codes (INSEE, « Liste des types de voie ») and their labels. */
const STREET_TYPES: Readonly<Record<string, string>> = {
  ALL: 'ALLEE',
  AV: 'AVENUE',
  BD: 'BOULEVARD',
  CAR: 'CARREFOUR',
  CHE: 'CHEMIN',
  CHS: 'CHAUSSEE',
  CITE: 'CITE',
  COR: 'CORNICHE',
  CRS: 'COURS',
  DOM: 'DOMAINE',
  DSC: 'DESCENTE',
  ECA: 'ECART',
  ESP: 'ESPLANADE',
  FG: 'FAUBOURG',
  GR: 'GRANDE RUE',
  HAM: 'HAMEAU',
  HLE: 'HALLE',
  IMP: 'IMPASSE',
  LD: 'LIEU-DIT',
  LOT: 'LOTISSEMENT',
  MAR: 'MARCHE',
  MTE: 'MONTEE',
  PAS: 'PASSAGE',
  PL: 'PLACE',
  PLN: 'PLAINE',
  PLT: 'PLATEAU',
  PRO: 'PROMENADE',
  PRV: 'PARVIS',
  QUA: 'QUARTIER',
  QUAI: 'QUAI',
  RES: 'RESIDENCE',
  RLE: 'RUELLE',
  ROC: 'ROCADE',
  RPT: 'ROND-POINT',
  RTE: 'ROUTE',
  RUE: 'RUE',
  SEN: 'SENTIER',
  SQ: 'SQUARE',
  TPL: 'TERRE-PLEIN',
  TRA: 'TRAVERSE',
  VLA: 'VILLA',
  VLGE: 'VILLAGE',
};

/** Sirene's `indiceRepetitionEtablissement` letters. */
const REPETITIONS: Readonly<Record<string, string>> = { B: 'BIS', T: 'TER', Q: 'QUATER', C: 'QUINQUIES' };

export interface SireneAddressParts {
  numero: string | null;
  indice: string | null;
  typeVoie: string | null;
  libelleVoie: string | null;
  complement: string | null;
}

/** "2 BIS RUE HANS ARP" from Sirene's address columns (type codes spelt out); null when there is no street. */
export function sireneAddress(parts: SireneAddressParts): string | null {
  const indice = parts.indice ? (REPETITIONS[parts.indice.toUpperCase()] ?? parts.indice) : null;
  const typeVoie = parts.typeVoie ? (STREET_TYPES[parts.typeVoie.toUpperCase()] ?? parts.typeVoie) : null;
  const street = [parts.numero, indice, typeVoie, parts.libelleVoie].filter(Boolean).join(' ');
  if (parts.libelleVoie) return street;
  return parts.complement ?? (street || null);
}
