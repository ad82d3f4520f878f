import type { ZoneBusinessStatistics } from '../../../kernel/businesses/businessSchemas';
import type { Zone } from '../../../kernel/zones/Zone';
import type { BusinessesApi } from './businessesApi';
import type { CompetitionRow } from './businessesSlice';

/** Census population of a zone (the demographics figures), null when not known. */
export type PopulationOf = (zone: Zone) => Promise<number | null>;

/** Paris, the reference of every competition index. */
export const PARIS = { code: '75056', name: 'Paris' } as const;

/** Establishments per 1,000 inhabitants, one decimal; null without a population. */
export function per1000(count: number, population: number | null): number | null {
  if (population === null || !(population > 0)) return null;
  return Math.round((count / population) * 10_000) / 10;
}

/** A zone given by its administrative code (its boundary from the territory endpoints). */
export function administrativeZone(
  level: 'department' | 'commune',
  code: string,
  name: string,
  geometry: Zone['geometry'],
): Zone {
  return {
    id: `${level}-${code}`,
    name,
    address: '',
    coordinates: [0, 0],
    transportMode: 'walking',
    travelTime: 0,
    zoneType: 'distance',
    zoneDistance: 0,
    geometry,
    color: '#000000',
    properties: { type: 'administrative', level, code },
  };
}

/**
 * The competition index per NAF family (the zone's ten first divisions): establishments per 1,000
 * inhabitants in the zone, its département and Paris. Counts come from the businesses endpoints
 * (counted establishments), populations from the demographics figures of each territory.
 */
export async function competitionRows(
  client: BusinessesApi,
  populationOf: PopulationOf,
  zone: Zone,
  statistics: ZoneBusinessStatistics,
  departementCode: string | null,
): Promise<CompetitionRow[]> {
  const families = statistics.top_naf_categories.map((category) => ({
    prefix: category.division_code,
    label: category.division_label,
    count: category.count,
  }));
  const populationOrNull = (promise: Promise<number | null>) => promise.catch(() => null);
  const departementZone = departementCode
    ? client
        .boundary('department', departementCode)
        .then((feature) =>
          administrativeZone(
            'department',
            departementCode,
            String(feature.properties?.name ?? departementCode),
            feature,
          ),
        )
    : Promise.resolve(null);
  const parisZone = client
    .boundary('commune', PARIS.code)
    .then((feature) => administrativeZone('commune', PARIS.code, PARIS.name, feature));
  const [zonePopulation, departementPopulation, parisPopulation] = await Promise.all([
    populationOrNull(populationOf(zone)),
    populationOrNull(departementZone.then((unit) => (unit ? populationOf(unit) : null))),
    populationOrNull(parisZone.then((unit) => populationOf(unit))),
  ]);
  return Promise.all(
    families.map(async (family): Promise<CompetitionRow> => {
      const [departementCount, parisCount] = await Promise.all([
        departementCode
          ? client.countByCodes({ department_code: departementCode }, family.prefix)
          : Promise.resolve(null),
        client.countByCodes({ commune_code: PARIS.code }, family.prefix),
      ]);
      return {
        prefix: family.prefix,
        label: family.label,
        zone: { count: family.count, per1000: per1000(family.count, zonePopulation) },
        departement:
          departementCode && departementCount !== null
            ? {
                code: departementCode,
                count: departementCount,
                per1000: per1000(departementCount, departementPopulation),
              }
            : null,
        paris: { count: parisCount, per1000: per1000(parisCount, parisPopulation) },
      };
    }),
  );
}
