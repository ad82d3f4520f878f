import type { IsochroneEngine } from '../../kernel/isochrones/IsochroneEngine';
import {
  PUBLIC_SERVICE_CATEGORIES,
  PUBLIC_SERVICE_CATEGORY_IDS,
  publicServiceCategory,
  type PublicServiceCategoryId,
} from '../../kernel/public-services/publicServiceCategories';
import { choosePopulationKeys, type PopulationKeys } from '../../kernel/public-services/populationKeys';
import {
  SERVED_MINUTES,
  type ServedPopulation,
  type SourceNote,
} from '../../kernel/public-services/publicServiceSchemas';
import { nearestServiceSeconds, servedShares, snapResidences } from '../../kernel/public-services/walkingAccess';
import type { Database } from '../db/Database';
import { unprocessable } from '../http/HttpError';
import { roadGraphStoreFor, type RoadGraphStore } from '../isochrones/RoadGraphStore';
import {
  selectAddressTotals,
  selectDepartementAddresses,
  selectDepartementPopulation,
  selectIrisPopulations,
  selectPopulationKeys,
  selectRepairedZone,
  selectServiceCounts,
  selectServicePoints,
  selectWalkingVersion,
  selectZoneAddresses,
} from './publicServicesRepository';
import { AddressIndex, type ZoneAddress } from './AddressIndex';
import type { MultiPolygon, Polygon } from 'geojson';

/** The reference the rates are compared with: Paris (the département 75, i.e. the commune 75056). */
const REFERENCE_DEPARTEMENT = '75';
const LIMIT_SECONDS = Math.max(...SERVED_MINUTES) * 60;

export const SERVED_METHOD =
  'Chaque adresse BAN de la zone porte une part égale de la population de son IRIS ; une seule recherche par catégorie sur le réseau piéton (5 km/h), partie de tous les services à la fois, donne à chaque adresse son temps de marche jusqu’au service le plus proche.';

interface WalkingTimes {
  engine: IsochroneEngine;
  version: string;
  seconds: Map<PublicServiceCategoryId, Float64Array>;
  reference: { population: number; counts: Map<PublicServiceCategoryId, number> };
  population: PopulationKeys | undefined;
  /** BAN addresses per IRIS, over the whole territory (a residence's share of its IRIS). */
  addressTotals: Map<string, number>;
  /** The population of every IRIS for {@link population}. */
  irisPopulation: Map<string, number>;
  /** The addresses that lie in an IRIS, found in memory. */
  addresses: AddressIndex;
  /** The walkable node of every address snapped so far, by its coordinates (undefined: off the network). */
  snaps: Map<string, { node: number; metres: number } | undefined>;
}

/** The engine's snapping, remembered per address: an address is attached to the network once. */
function rememberedSnap(times: WalkingTimes): Pick<IsochroneEngine, 'snap'> {
  return {
    snap(mode, longitude, latitude) {
      const key = `${longitude},${latitude}`;
      if (times.snaps.has(key)) return times.snaps.get(key);
      const snapped = times.engine.snap(mode, longitude, latitude);
      times.snaps.set(key, snapped);
      return snapped;
    },
  };
}

const countByCategory = (rows: { family: string; type_code: string | null; count: number }[]) => {
  const counts = new Map<PublicServiceCategoryId, number>();
  for (const row of rows) {
    const category = publicServiceCategory(row.family, row.type_code);
    counts.set(category, (counts.get(category) ?? 0) + row.count);
  }
  return counts;
};

const round = (value: number, digits: number) => Math.round(value * 10 ** digits) / 10 ** digits;

/**
 * How well a zone is served: per category, the share of its residents within 5, 10 and 15 minutes'
 * walk of the nearest service, and the services per 10,000 inhabitants against Paris. The walking
 * times of every network node are computed once per category (multi-source search), the addresses of
 * every IRIS counted once, every IRIS's population read once, the addresses of a département read and
 * indexed in memory on first use, and each address snapped to the network once; all kept until the road
 * network, the services, the addresses or the census change.
 */
export class ServedPopulationService {
  private times: Promise<WalkingTimes> | undefined;

  constructor(
    private readonly database: Database,
    private readonly store: RoadGraphStore,
  ) {}

  private async walkingTimes(): Promise<WalkingTimes> {
    const [engine, version] = await Promise.all([this.store.get(), selectWalkingVersion(this.database)]);
    const current = this.times ? await this.times.catch(() => undefined) : undefined;
    if (current && current.engine === engine && current.version === version) return current;
    const loading = (async (): Promise<WalkingTimes> => {
      const [points, keys, referenceCounts, { totals: addressTotals, extents }] = await Promise.all([
        selectServicePoints(this.database),
        selectPopulationKeys(this.database),
        selectServiceCounts(this.database, { departement: REFERENCE_DEPARTEMENT }),
        selectAddressTotals(this.database),
      ]);
      const byCategory = new Map<PublicServiceCategoryId, [number, number][]>();
      for (const point of points) {
        const category = publicServiceCategory(point.family, point.type_code);
        const list = byCategory.get(category) ?? [];
        list.push([point.longitude, point.latitude]);
        byCategory.set(category, list);
      }
      const seconds = new Map<PublicServiceCategoryId, Float64Array>();
      for (const category of PUBLIC_SERVICE_CATEGORY_IDS) {
        seconds.set(category, nearestServiceSeconds(engine, byCategory.get(category) ?? [], LIMIT_SECONDS));
      }
      const population = choosePopulationKeys(keys);
      const [referencePopulation, irisPopulation] = population
        ? await Promise.all([
            selectDepartementPopulation(this.database, REFERENCE_DEPARTEMENT, population),
            selectIrisPopulations(this.database, population),
          ])
        : [0, new Map<string, number>()];
      return {
        engine,
        version,
        seconds,
        population,
        reference: { population: referencePopulation, counts: countByCategory(referenceCounts) },
        addressTotals,
        irisPopulation,
        addresses: new AddressIndex(extents, (departement) => selectDepartementAddresses(this.database, departement)),
        snaps: new Map(),
      };
    })();
    this.times = loading;
    return loading;
  }

  /** The zone's addresses: found in memory, or by the database when the zone is too costly to test here. */
  private async zoneAddresses(times: WalkingTimes, geometryJson: string): Promise<ZoneAddress[]> {
    const repaired = await selectRepairedZone(this.database, geometryJson);
    const geometry = JSON.parse(repaired ?? geometryJson) as { type?: string };
    if (geometry.type === 'Polygon' || geometry.type === 'MultiPolygon') {
      const found = await times.addresses.within(geometry as Polygon | MultiPolygon);
      if (found) return found;
    }
    return selectZoneAddresses(this.database, geometryJson);
  }

  /** Starts computing the walking times in the background (a failure is left to the next `compute`). */
  warm(): void {
    this.walkingTimes().catch(() => undefined);
  }

  /**
   * The zone's figures. The caller may give what it already read of the zone: its sources and its services
   * per category (the zone analysis's counts), which are then not read again.
   */
  async compute(
    geometryJson: string,
    sources: SourceNote[] | Promise<SourceNote[]>,
    zoneCounts?: Promise<ReadonlyMap<PublicServiceCategoryId, number>>,
  ): Promise<ServedPopulation> {
    const startedAt = performance.now();
    // What the caller gives is settled while the walking times load: a failure is handled from now on.
    const given = Promise.all([sources, zoneCounts]);
    given.catch(() => undefined);
    const times = await this.walkingTimes();
    if (!times.population) {
      throw unprocessable('Aucune population par IRIS n’est importée pour ce territoire.', 'NO_POPULATION');
    }
    const irisPopulation = times.irisPopulation;
    const [addresses, [sourceNotes, counts]] = await Promise.all([
      this.zoneAddresses(times, geometryJson),
      given.then(
        async ([notes, known]) =>
          [notes, known ?? countByCategory(await selectServiceCounts(this.database, { geometryJson }))] as const,
      ),
    ]);
    // Each address of an inhabited IRIS stands for an equal share of its population.
    const residences = addresses.flatMap((address) => {
      const inhabitants = irisPopulation.get(address.iris_code) ?? 0;
      if (!(inhabitants > 0)) return [];
      const weight = inhabitants / (times.addressTotals.get(address.iris_code) as number);
      return [{ longitude: address.longitude, latitude: address.latitude, weight }];
    });
    const snapped = snapResidences(rememberedSnap(times), residences);
    const population = residences.reduce((sum, residence) => sum + residence.weight, 0);
    const rate = (count: number, inhabitants: number) =>
      inhabitants > 0 ? round((count / inhabitants) * 10_000, 2) : null;
    const categories = PUBLIC_SERVICE_CATEGORY_IDS.map((category) => {
      const [within5, within10, within15] = servedShares(
        snapped,
        times.seconds.get(category) as Float64Array,
        SERVED_MINUTES.map((minutes) => minutes * 60),
      );
      const inZone = counts.get(category) ?? 0;
      return {
        category,
        name: PUBLIC_SERVICE_CATEGORIES[category].name,
        color: PUBLIC_SERVICE_CATEGORIES[category].color,
        services_in_zone: inZone,
        within_5: round(within5 ?? 0, 4),
        within_10: round(within10 ?? 0, 4),
        within_15: round(within15 ?? 0, 4),
        rate_per_10000: rate(inZone, population),
        paris_rate_per_10000: rate(times.reference.counts.get(category) ?? 0, times.reference.population),
      };
    });
    return {
      categories,
      population: Math.round(population),
      population_vintage: times.population.vintage,
      paris_population: Math.round(times.reference.population),
      population_source: times.population.label,
      method: SERVED_METHOD,
      sources: sourceNotes,
      computation_time_ms: round(performance.now() - startedAt, 1),
    };
  }
}

const services = new WeakMap<Database, ServedPopulationService>();

/**
 * The one served-population service of a database, shared by its endpoint and the export, so the walking
 * times of every network node are computed and held once.
 */
export function servedPopulationServiceFor(database: Database): ServedPopulationService {
  let service = services.get(database);
  if (!service) {
    service = new ServedPopulationService(database, roadGraphStoreFor(database));
    services.set(database, service);
  }
  return service;
}
