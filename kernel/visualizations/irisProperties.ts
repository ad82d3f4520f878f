/**
 * IRIS property names vary between sources (iris_code/code_iris, nom_iris/iris_name,
 * nom_com/commune_name, typ_iris/iris_type/type, population/p21_pop, area_km2/surface_km2). Every
 * variant is accepted on input; this is the one canonical shape we output.
 */
export interface CanonicalIrisProperties {
  iris_code: string;
  nom_iris: string | null;
  nom_com: string | null;
  typ_iris: string | null;
  population: number | null;
  area_km2: number | null;
}

const VARIANTS: Record<keyof CanonicalIrisProperties, readonly string[]> = {
  iris_code: ['iris_code', 'code_iris', 'CODE_IRIS', 'iris'],
  nom_iris: ['nom_iris', 'iris_name', 'NOM_IRIS', 'libiris', 'LIBIRIS'],
  nom_com: ['nom_com', 'commune_name', 'NOM_COM', 'libcom', 'LIBCOM'],
  typ_iris: ['typ_iris', 'iris_type', 'type', 'TYP_IRIS'],
  population: ['population', 'p21_pop', 'P21_POP', 'pop'],
  area_km2: ['area_km2', 'surface_km2'],
};

function pick(record: Readonly<Record<string, unknown>>, names: readonly string[]): unknown {
  for (const name of names) {
    const value = record[name];
    if (value !== undefined && value !== null && value !== '') return value;
  }
  return undefined;
}

const asText = (value: unknown) => (value === undefined ? null : String(value));
const asNumber = (value: unknown) => {
  if (value === undefined) return null;
  const number = typeof value === 'number' ? value : Number(String(value).replace(',', '.'));
  return Number.isFinite(number) ? number : null;
};

/** Maps any variant of IRIS properties to the canonical names; undefined without a code. */
export function normaliseIrisProperties(
  record: Readonly<Record<string, unknown>>,
): CanonicalIrisProperties | undefined {
  const code = pick(record, VARIANTS.iris_code);
  if (code === undefined) return undefined;
  return {
    iris_code: String(code),
    nom_iris: asText(pick(record, VARIANTS.nom_iris)),
    nom_com: asText(pick(record, VARIANTS.nom_com)),
    typ_iris: asText(pick(record, VARIANTS.typ_iris)),
    population: asNumber(pick(record, VARIANTS.population)),
    area_km2: asNumber(pick(record, VARIANTS.area_km2)),
  };
}

/** Zone-type labels (H or habitat, A or activity, D or divers, else the raw value). */
export function irisTypeLabel(type: string | null | undefined): string {
  switch ((type ?? '').toLowerCase()) {
    case 'h':
    case 'habitat':
      return 'Zone d’habitat';
    case 'a':
    case 'activity':
    case 'activite':
    case 'activité':
      return 'Zone d’activité';
    case 'd':
    case 'divers':
      return 'Zone diverse';
    default:
      return type ?? '';
  }
}
