import { huffModel, SENSITIVITY_LAMBDAS, type HuffArea, type HuffOutlet } from '../../kernel/market/huffModel';
import type { Analysis, AnalysisRequest } from '../../kernel/market/marketSchemas';
import {
  fastestMetresPerSecond,
  searchFrom,
  searchFromNode,
  secondsTo,
  type SnappedPoint,
} from '../../kernel/market/networkTimes';
import { outletAttractiveness } from '../../kernel/market/outletAttractiveness';
import { sectorOf } from '../../kernel/market/sectorOf';
import type { Database } from '../db/Database';
import { selectIrisCoverage } from '../demographics/demographicsRepository';
import { unprocessable } from '../http/HttpError';
import { OFF_NETWORK_MESSAGE } from '../isochrones/IsochroneService';
import type { RoadGraphStore } from '../isochrones/RoadGraphStore';
import { resolveZone, zoneOutlineJson } from '../zones/resolveZone';
import type { ZoneReference } from '../../kernel/zones/zoneReference';
import type { ZoneOwner } from '../zones/zonesRepository';
import type { IrisFigures, IrisFiguresStore } from './IrisFiguresStore';
import { selectEstablishmentsNear } from '../businesses/businessesRepository';
import { selectIrisOutlines } from './marketRepository';
import { requireTerritory } from './requireTerritory';

/** At most this many competitors are read around the site (nearest first). */
const OUTLET_LIMIT = 5_000;
const CANDIDATE_ID = 'site';

export const HUFF_METHOD =
  'Modèle de Huff : les habitants de chaque IRIS se répartissent entre le site et les concurrents qu’ils atteignent dans le temps choisi, ' +
  'avec une probabilité proportionnelle à l’attractivité (effectif salarié de la tranche Sirene, 1 si inconnue) divisée par le temps de trajet sur le graphe des rues (depuis l’adresse la plus proche du barycentre des adresses de l’IRIS, là où l’on habite, plutôt que son centre géométrique) à la puissance λ. ' +
  'Le site capte la somme de ces probabilités × habitants, ménages et revenu estimé (médiane Filosofi × habitants) de chaque IRIS.';

/**
 * The Huff model for a candidate site: the IRIS the site reaches within the time (one search from the
 * site), then one bounded search from each of those IRIS giving its times to the site and to every
 * competitor of the sector; shares for λ and the sensitivity λ.
 */
export class HuffAnalysisService {
  constructor(
    private readonly database: Database,
    private readonly roads: RoadGraphStore,
    private readonly figures: IrisFiguresStore,
  ) {}

  async analysis(request: AnalysisRequest, owner: ZoneOwner | undefined): Promise<Analysis> {
    const startedAt = performance.now();
    const departement = await requireTerritory(this.database, request.coordinates);
    const sector = sectorOf(request.sector);
    const limitSeconds = request.minutes * 60;
    const engine = await this.roads.get();
    const speed = fastestMetresPerSecond(engine.graph, request.mode);
    const siteSearch = searchFrom(engine, request.mode, request.coordinates, limitSeconds);
    if (!siteSearch) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
    const zoneCodes = request.zone ? await this.zoneIris(request.zone, owner) : undefined;
    const [figures, outletRows] = await Promise.all([
      this.figures.get(departement),
      selectEstablishmentsNear(
        this.database,
        { longitude: request.coordinates[0], latitude: request.coordinates[1] },
        sector.naf_codes,
        2 * limitSeconds * speed,
        OUTLET_LIMIT,
      ),
    ]);

    // The study area: IRIS whose point the site reaches within the time (and inside the zone, if any).
    const irisNodes = this.figures.snap(engine, request.mode, figures);
    const reached: { iris: IrisFigures; node: SnappedPoint }[] = [];
    figures.iris.forEach((iris, index) => {
      const node = irisNodes[index];
      if (!node || iris.population <= 0 || (zoneCodes && !zoneCodes.has(iris.iris_code))) return;
      if (Number.isFinite(secondsTo(siteSearch, node))) reached.push({ iris, node });
    });

    const own = new Set(request.own_outlets);
    const outlets: HuffOutlet[] = [
      { id: CANDIDATE_ID, attractiveness: request.attractiveness, own: false },
      ...outletRows.map((row) => ({
        id: row.id,
        attractiveness: outletAttractiveness(row.employee_size),
        own: own.has(row.id),
      })),
    ];
    const outletNodes = [
      siteSearch.start,
      ...outletRows.map((row) => engine.snap(request.mode, row.longitude, row.latitude)),
    ];
    // One search per IRIS: its times to the site and to each competitor (the direction residents travel).
    const areas: (HuffArea & { secondsToSite: number })[] = [];
    for (const { iris, node } of reached) {
      const search = searchFromNode(engine.graph, request.mode, node, limitSeconds);
      const seconds = new Map<number, number>();
      outletNodes.forEach((outletNode, index) => {
        if (!outletNode) return;
        const time = secondsTo(search, outletNode);
        if (Number.isFinite(time)) seconds.set(index, time);
      });
      const secondsToSite = seconds.get(0);
      if (secondsToSite === undefined) continue;
      areas.push({
        code: iris.iris_code,
        population: iris.population,
        households: iris.households,
        income: iris.income_estimate,
        seconds,
        secondsToSite,
      });
    }

    const result = huffModel(outlets, 0, areas, request.lambda);
    const sensitivity = SENSITIVITY_LAMBDAS.map((lambda) => {
      const run = lambda === request.lambda ? result : huffModel(outlets, 0, areas, lambda);
      return { lambda, residents: run.captured_residents, income_estimate: run.captured_income };
    });
    const irisByCode = new Map(reached.map(({ iris }) => [iris.iris_code, iris]));
    const areaByCode = new Map(areas.map((area) => [area.code, area]));
    const iris = result.areas.map((share) => {
      const figuresOf = irisByCode.get(share.code);
      return {
        iris_code: share.code,
        iris_name: figuresOf?.iris_name ?? share.code,
        population: figuresOf?.population ?? 0,
        seconds_to_site: Math.round(areaByCode.get(share.code)?.secondsToSite ?? 0),
        share: share.share,
        residents: share.residents,
        income: share.income,
      };
    });
    const outlines = await selectIrisOutlines(
      this.database,
      iris.map((entry) => entry.iris_code),
    );
    const byCode = new Map(iris.map((entry) => [entry.iris_code, entry]));
    return {
      coordinates: request.coordinates,
      sector: request.sector,
      sector_name: sector.name,
      mode: request.mode,
      minutes: request.minutes,
      lambda: request.lambda,
      attractiveness: request.attractiveness,
      captured: {
        residents: result.captured_residents,
        households: result.captured_households,
        income_estimate: result.captured_income,
        share_of_area: result.area_population > 0 ? result.captured_residents / result.area_population : null,
      },
      area: { population: result.area_population, iris_count: result.areas.length },
      iris,
      iris_features: {
        type: 'FeatureCollection',
        features: outlines.flatMap((outline) => {
          const entry = byCode.get(outline.iris_code);
          if (!entry) return [];
          return {
            type: 'Feature',
            id: outline.iris_code,
            geometry: JSON.parse(outline.geometry) as unknown,
            properties: {
              iris_code: entry.iris_code,
              iris_name: entry.iris_name,
              share: Math.round(entry.share * 10_000) / 10_000,
              residents: Math.round(entry.residents),
              population: Math.round(entry.population),
            },
          };
        }),
      },
      competitors: result.competitors.flatMap((competitor) => {
        const row = outletRows[competitor.index - 1];
        if (!row) return [];
        const node = outletNodes[competitor.index];
        const fromSite = node ? secondsTo(siteSearch, node) : Infinity;
        return {
          id: row.id,
          name: row.name ?? 'Sans nom',
          category: request.sector,
          naf_code: row.naf_code,
          employee_size: row.employee_size,
          longitude: row.longitude,
          latitude: row.latitude,
          straight_metres: Math.round(row.straight_metres),
          travel_seconds: Number.isFinite(fromSite) ? Math.round(fromSite) : null,
          attractiveness: outlets[competitor.index]?.attractiveness ?? 1,
          own: competitor.own,
          residents_before: competitor.residents_before,
          residents_after: competitor.residents_after,
          residents_taken: competitor.residents_taken,
        };
      }),
      cannibalised_residents: result.cannibalised_residents,
      sensitivity,
      method: HUFF_METHOD,
      sources: [
        { label: 'Établissements : Sirene (INSEE), OpenStreetMap, APUR BDCOM, Ville de Paris', vintage: null },
        ...figures.sources,
        { label: 'Réseau des rues : OpenStreetMap (moteur d’isochrones de Zonalyse)', vintage: null },
      ],
      computation_ms: Math.round(performance.now() - startedAt),
    };
  }

  /** The IRIS codes of the request's zone (covered at 5 % or more). */
  private async zoneIris(reference: ZoneReference, owner: ZoneOwner | undefined): Promise<Set<string>> {
    const zone = await resolveZone(this.database, reference, owner);
    const rows = await selectIrisCoverage(this.database, await zoneOutlineJson(this.database, zone));
    return new Set(rows.map((row) => row.iris_code));
  }
}
