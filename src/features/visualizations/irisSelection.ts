import { normaliseIrisProperties } from '../../../kernel/visualizations/irisProperties';

/** Map-selection properties of an IRIS. */
export interface IrisSelectionProperties {
  iris_code: string;
  nom_iris: string;
  typ_iris: string;
  commune: string;
  dep: string;
  population: number;
  price_avg: number;
  surface: number;
  density: number;
}

const numberOr = (value: unknown, fallback: number) => {
  const number = typeof value === 'number' ? value : Number(value);
  return value !== null && value !== undefined && value !== '' && Number.isFinite(number) ? number : fallback;
};

/**
 * Defaults on selection: nom_iris 'Zone IRIS {code}', typ_iris H, commune 'Commune inconnue',
 * dep the first two characters of the code (else 00), population/price_avg/surface/density 0. The
 * feature's properties may use any spelling.
 */
export function irisSelectionProperties(code: string, raw: Readonly<Record<string, unknown>>): IrisSelectionProperties {
  const canonical = normaliseIrisProperties({ iris_code: code, ...raw });
  const surface = numberOr(raw.surface ?? canonical?.area_km2, 0);
  const population = numberOr(canonical?.population, 0);
  return {
    iris_code: code,
    nom_iris: canonical?.nom_iris ?? `Zone IRIS ${code}`,
    typ_iris: canonical?.typ_iris ?? 'H',
    commune: String(raw.commune ?? canonical?.nom_com ?? 'Commune inconnue'),
    dep: String(raw.dep ?? (code.length >= 2 ? code.slice(0, 2) : '00')),
    population,
    price_avg: numberOr(raw.price_avg ?? raw.land_value_per_sqm, 0),
    surface,
    density: numberOr(raw.density ?? raw.population_density, 0),
  };
}

/** Density = population / area rounded; null (shown 'N/A') when it is zero or unknown. */
export function irisDensity(population: number | null, areaKm2: number | null): number | null {
  if (population === null || areaKm2 === null || areaKm2 <= 0) return null;
  const density = Math.round(population / areaKm2);
  return density === 0 ? null : density;
}
