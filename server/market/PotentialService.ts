import type { Polygon, MultiPolygon } from 'geojson';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import { householdsOf } from '../../kernel/market/householdsOf';
import { contourReachedNetwork } from '../../kernel/isochrones/contourReachedNetwork';
import { OffNetworkError } from '../../kernel/isochrones/IsochroneEngine';
import type { Potential, PotentialBand, PotentialRequest, MarketSource } from '../../kernel/market/marketSchemas';
import type { Database } from '../db/Database';
import { analyzeZone, analyzeZones } from '../demographics/analyzeZone';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import { unprocessable } from '../http/HttpError';
import { OFF_NETWORK_MESSAGE } from '../isochrones/IsochroneService';
import type { RoadGraphStore } from '../isochrones/RoadGraphStore';
import { resolveZone, zoneOutlineJson } from '../zones/resolveZone';
import type { ZoneReference } from '../../kernel/zones/zoneReference';
import type { ZoneOwner } from '../zones/zonesRepository';
import { sourcesOf } from './IrisFiguresStore';
import { requireTerritory } from './requireTerritory';

export const POTENTIAL_METHOD =
  'Habitants, ménages (résidences principales, une par ménage, quand le nombre de ménages n’est pas publié) et revenu des IRIS couverts par la zone, au prorata de la surface couverte (comme le panneau Démographie) ; ' +
  'le revenu disponible est une estimation : médiane du revenu disponible par unité de consommation (Filosofi) × habitants.';

/** Residents, households and income within travel times of a point (contours of one search), or of a zone. */
export class PotentialService {
  constructor(
    private readonly database: Database,
    private readonly roads: RoadGraphStore,
  ) {}

  async potential(request: PotentialRequest, owner: ZoneOwner | undefined): Promise<Potential> {
    const startedAt = performance.now();
    const sources: MarketSource[] = [];
    const bands = request.coordinates
      ? await this.aroundPoint(request.coordinates, request, sources)
      : request.zone
        ? [await this.ofZone(request.zone, owner, sources)]
        : [];
    return {
      coordinates: request.coordinates ?? null,
      mode: request.mode,
      bands,
      method: POTENTIAL_METHOD,
      sources,
      computation_ms: Math.round(performance.now() - startedAt),
    };
  }

  /** One search to the longest time, contoured at each band's time; the bands' IRIS figures read once. */
  private async aroundPoint(
    coordinates: [number, number],
    request: PotentialRequest,
    sources: MarketSource[],
  ): Promise<PotentialBand[]> {
    await requireTerritory(this.database, coordinates);
    const engine = await this.roads.get();
    const minutes = [...new Set(request.minutes)].sort((a, b) => a - b);
    const limit = (minutes.at(-1) ?? 15) * 60;
    let reach;
    try {
      reach = engine.reach({ origin: coordinates, mode: request.mode, metric: 'time', limit }).reach;
    } catch (error) {
      if (error instanceof OffNetworkError) throw unprocessable(OFF_NETWORK_MESSAGE, 'OFF_NETWORK');
      throw error;
    }
    const geometries = minutes.map((band) => contourReachedNetwork(reach, band * 60));
    const answers = await analyzeZones(
      this.database,
      geometries.map((geometry) => JSON.stringify(geometry)),
      { jobSeekers: false },
    );
    return minutes.map((band, index) =>
      this.bandOf(answers[index] as DemographicsAnswer, geometries[index] as Polygon | MultiPolygon, band, sources),
    );
  }

  /** The zone as the demographics panel reads it (a territory unit by its IRIS, else the geometry). */
  private async ofZone(reference: ZoneReference, owner: ZoneOwner | undefined, sources: MarketSource[]) {
    const zone = await resolveZone(this.database, reference, owner);
    const outline = JSON.parse(await zoneOutlineJson(this.database, zone)) as Polygon | MultiPolygon;
    const hint = zone.kind === 'territory' ? { level: zone.level, code: zone.code } : undefined;
    return this.band(outline, null, hint, sources);
  }

  private async band(
    geometry: Polygon | MultiPolygon,
    minutes: number | null,
    hint: Parameters<typeof analyzeZone>[2],
    sources: MarketSource[],
  ): Promise<PotentialBand> {
    const answer = await analyzeZone(this.database, JSON.stringify(geometry), hint);
    return this.bandOf(answer, hint ? null : geometry, minutes, sources);
  }

  private bandOf(
    answer: DemographicsAnswer,
    geometry: Polygon | MultiPolygon | null,
    minutes: number | null,
    sources: MarketSource[],
  ): PotentialBand {
    const aggregated = aggregateDemographics(answer);
    if (sources.length === 0) sources.push(...sourcesOf(aggregated));
    const residents = aggregated.population.total;
    const median = aggregated.revenue.median;
    return {
      minutes,
      residents,
      households: householdsOf(aggregated),
      median_income: median,
      income_estimate: median === null || residents === null ? null : median * residents,
      iris_count: aggregated.analysis_metadata.iris_zones_count,
      area_km2: answer.metadata.total_area_km2,
      geometry,
    };
  }
}
