import { type HomeCategoryKey } from '../../kernel/businesses/homeCategories';
import { sectorOf } from '../../kernel/market/sectorOf';
import { contourReachedNetwork } from '../../kernel/isochrones/contourReachedNetwork';
import type { Competition, CompetitionRequest, Competitor } from '../../kernel/market/marketSchemas';
import { fastestMetresPerSecond, searchFrom, searchWithReach, secondsTo } from '../../kernel/market/networkTimes';
import type { Database } from '../db/Database';
import { analyzeZone } from '../demographics/analyzeZone';
import { selectCircle } from '../demographics/demographicsRepository';
import { unprocessable } from '../http/HttpError';
import { OFF_NETWORK_MESSAGE } from '../isochrones/IsochroneService';
import type { RoadGraphStore } from '../isochrones/RoadGraphStore';
import type { IrisFiguresStore } from './IrisFiguresStore';
import { selectEstablishmentsNear } from '../businesses/businessesRepository';
import { countDepartementOutlets, countOutletsWithinByNafCode } from './marketRepository';
import { requireTerritory } from './requireTerritory';

/** At most this many establishments are read around the point. */
const OUTLET_LIMIT = 5_000;
/**
 * With a radius, travel times are searched up to 1.5 × the radius at a town speed of the mode (m/s):
 * farther competitors of the circle keep a null time and come last.
 */
const RADIUS_SEARCH_FACTOR = 1.5;
const TOWN_METRES_PER_SECOND = { walking: 5 / 3.6, cycling: 15 / 3.6, driving: 20 / 3.6 } as const;

export const COMPETITION_METHOD =
  'Établissements actifs des familles choisies (codes NAF des catégories) dans le rayon à vol d’oiseau ou le temps de trajet, ' +
  'triés par temps de trajet sur le graphe des rues (avec un rayon : les plus proches à vol d’oiseau, dans la limite demandée) ; densité = établissements pour 1 000 habitants de la zone (IRIS au prorata de la surface), comparée au département.';

/** The family of a NAF code among the chosen ones. */
function familyOf(nafCode: string | null, families: readonly HomeCategoryKey[]): HomeCategoryKey | undefined {
  if (!nafCode) return undefined;
  return families.find((key) => sectorOf(key).naf_codes.some((code) => nafCode.startsWith(code)));
}

const perThousand = (count: number, population: number | null) =>
  population && population > 0 ? (count / population) * 1_000 : null;

/** A département's count of a family changes only with an import: kept this long. */
const DEPARTEMENT_COUNT_KEEP_MS = 10 * 60_000;

/** Competitors of NAF families around a point, by travel time, with densities against the département. */
export class CompetitionService {
  private readonly departementCounts = new Map<string, { countedAt: number; count: Promise<number> }>();

  private departementCount(departement: string, family: HomeCategoryKey): Promise<number> {
    const key = `${departement}:${family}`;
    const cached = this.departementCounts.get(key);
    if (cached && Date.now() - cached.countedAt < DEPARTEMENT_COUNT_KEEP_MS) return cached.count;
    const count = countDepartementOutlets(this.database, departement, sectorOf(family).naf_codes);
    this.departementCounts.set(key, { countedAt: Date.now(), count });
    count.catch(() => this.departementCounts.delete(key));
    return count;
  }

  constructor(
    private readonly database: Database,
    private readonly roads: RoadGraphStore,
    private readonly figures: IrisFiguresStore,
  ) {}

  async competition(request: CompetitionRequest): Promise<Competition> {
    const startedAt = performance.now();
    const departement = await requireTerritory(this.database, request.coordinates);
    const engine = await this.roads.get();
    const speed = fastestMetresPerSecond(engine.graph, request.mode);
    const byTime = request.minutes !== undefined;
    const limitSeconds = byTime
      ? (request.minutes as number) * 60
      : (request.radius * 1_000 * RADIUS_SEARCH_FACTOR) / TOWN_METRES_PER_SECOND[request.mode];
    // With a time, one search gives both the competitors' times and the isochrone's network.
    const searched = byTime ? searchWithReach(engine, request.mode, request.coordinates, limitSeconds) : undefined;
    const search = searched?.search ?? searchFrom(engine, request.mode, request.coordinates, limitSeconds);
    if (!search) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
    const families = [...new Set(request.categories)];
    const nafCodes = families.flatMap((key) => [...sectorOf(key).naf_codes]);
    const radiusMetres = byTime ? limitSeconds * speed : request.radius * 1_000;

    const reachGeometry = searched
      ? contourReachedNetwork(searched.reach, limitSeconds)
      : await selectCircle(this.database, request.coordinates, radiusMetres);
    // With a radius, the families are counted in SQL (one grouped count) and only the `limit` nearest in
    // a straight line are timed on the graph; with a time, every establishment within reach is timed and counted.
    const [outlets, answer, departementFigures, departementCounts, nafCounts] = await Promise.all([
      selectEstablishmentsNear(
        this.database,
        { longitude: request.coordinates[0], latitude: request.coordinates[1] },
        nafCodes,
        radiusMetres,
        byTime ? OUTLET_LIMIT : request.limit,
      ),
      analyzeZone(this.database, JSON.stringify(reachGeometry)),
      this.figures.get(departement),
      Promise.all(families.map((key) => this.departementCount(departement, key))),
      byTime ? undefined : countOutletsWithinByNafCode(this.database, request.coordinates, nafCodes, radiusMetres),
    ]);
    const radiusCounts = nafCounts
      ? families.map((key) =>
          nafCounts
            .filter((row) => familyOf(row.naf_code, [key]) !== undefined)
            .reduce((sum, row) => sum + row.count, 0),
        )
      : undefined;

    const competitors: Competitor[] = [];
    for (const outlet of outlets) {
      const category = familyOf(outlet.naf_code, families);
      if (!category) continue;
      const snapped = engine.snap(request.mode, outlet.longitude, outlet.latitude);
      const seconds = snapped ? secondsTo(search, snapped) : Infinity;
      if (byTime && !Number.isFinite(seconds)) continue;
      competitors.push({
        id: outlet.id,
        name: outlet.name ?? 'Sans nom',
        category,
        naf_code: outlet.naf_code,
        employee_size: outlet.employee_size,
        longitude: outlet.longitude,
        latitude: outlet.latitude,
        straight_metres: Math.round(outlet.straight_metres),
        travel_seconds: Number.isFinite(seconds) ? Math.round(seconds) : null,
      });
    }
    competitors.sort(
      (a, b) =>
        (a.travel_seconds ?? Infinity) - (b.travel_seconds ?? Infinity) ||
        a.straight_metres - b.straight_metres ||
        (a.id < b.id ? -1 : 1),
    );
    const residents = answer.metadata.population.total;
    return {
      coordinates: request.coordinates,
      mode: request.mode,
      reach: byTime
        ? { kind: 'time', radius_km: null, minutes: request.minutes as number }
        : { kind: 'radius', radius_km: request.radius, minutes: null },
      departement_code: departement,
      residents,
      families: families.map((key, index) => {
        const count = radiusCounts?.[index] ?? competitors.filter((competitor) => competitor.category === key).length;
        const departementCount = departementCounts[index] as number;
        return {
          category: key,
          name: sectorOf(key).name,
          count,
          density_per_1000: perThousand(count, residents),
          departement_count: departementCount,
          departement_density_per_1000: perThousand(departementCount, departementFigures.population),
        };
      }),
      nearest: competitors[0] ?? null,
      competitors: competitors.slice(0, request.limit),
      total_count: radiusCounts ? radiusCounts.reduce((sum, count) => sum + count, 0) : competitors.length,
      method: COMPETITION_METHOD,
      sources: [
        { label: 'Établissements : Sirene (INSEE), OpenStreetMap, APUR BDCOM, Ville de Paris', vintage: null },
        ...departementFigures.sources.slice(0, 1),
      ],
      computation_ms: Math.round(performance.now() - startedAt),
    };
  }
}
