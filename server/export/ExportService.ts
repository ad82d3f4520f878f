import { createHash } from 'node:crypto';
import { createRequire } from 'node:module';
import { AnswerCache } from '../http/AnswerCache';
import type { Database } from '../db/Database';
import { badRequest, HttpError, notFound } from '../http/HttpError';
import type { UserRow } from '../account/accountRepository';
import { accessLevelOf } from '../subscription/tierGate';
import { selectUserZones, type UserZoneRow } from '../zones/zonesRepository';
import { analyzeZone, type AdministrativeHint } from '../demographics/analyzeZone';
import { polygonOf } from '../demographics/demographicsRoutes';
import { zoneStatistics } from '../real-estate/realEstateRoutes';
import { realEstateZoneOf } from '../real-estate/realEstateZone';
import type { FastifyRequest } from 'fastify';
import { BusinessesService } from '../businesses/BusinessesService';
import { PublicServicesService } from '../public-services/PublicServicesService';
import { servedPopulationServiceFor, type ServedPopulationService } from '../public-services/ServedPopulationService';
import type { ServedPopulation, ZoneAnalysis } from '../../kernel/public-services/publicServiceSchemas';
import { listDatasets } from '../datasets/datasetRepository';
import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import { lockedTabs, withoutLockedFigures } from '../../kernel/subscription/demographicsAccess';
import { zoneStatisticsRequestSchema } from '../../kernel/real-estate/realEstateSchemas';
import { zoneStatisticsRequestSchema as businessZoneSchema } from '../../kernel/businesses/businessSchemas';
import { metricById, type MetricDefinition } from '../../kernel/export/metricCatalogue';
import type {
  ExportDataset,
  ExportDocument,
  ExportGeometry,
  ExportIris,
  ExportZone,
} from '../../kernel/export/exportDocument';
import type { DemographicsAnswer } from '../../kernel/demographics/demographicsRecord';
import { selectBasemapCommunes, selectIrisGeometries } from './exportRepository';
import { GIS_FORMATS, shortZoneNames, type ExportRequest } from '../../kernel/export/exportSchemas';
import type { ZoneFigures } from '../../kernel/export/zoneFigures';
import { isSpecialExportId, type ExportSpecial } from '../../kernel/export/specialExports';
import { HOME_CATEGORY_KEYS, type HomeCategoryKey } from '../../kernel/businesses/homeCategories';
import { ZoneMarketService } from '../market/ZoneMarketService';

const APP_VERSION = (createRequire(import.meta.url)('../../package.json') as { version: string }).version;

const ADMINISTRATIVE_LEVELS = new Set(['region', 'department', 'commune', 'iris']);
const LEVEL_LABELS: Record<string, string> = {
  region: 'Région',
  department: 'Département',
  commune: 'Commune',
  iris: 'IRIS',
};

/** The administrative level and code of a zone picked from the tree, if it is one. */
function hintOf(properties: Record<string, unknown>): AdministrativeHint | undefined {
  if (properties.type !== 'administrative') return undefined;
  const { level, code } = properties;
  return typeof level === 'string' && ADMINISTRATIVE_LEVELS.has(level) && typeof code === 'string'
    ? { level: level as AdministrativeHint['level'], code }
    : undefined;
}

/** The codes a zone is selected by in the real-estate and businesses services (as the panels send them). */
function codesOf(hint: AdministrativeHint | undefined, polygon: unknown) {
  if (hint?.level === 'department') return { department_code: hint.code };
  if (hint?.level === 'commune') return { commune_code: hint.code };
  if (hint?.level === 'iris') return { iris_codes: [hint.code] };
  return { geometry: polygon as { type: 'Polygon' | 'MultiPolygon'; coordinates: unknown[] } };
}

function outlineOf(polygon: { type: string; coordinates: unknown }): [number, number][] {
  const rings = (polygon.type === 'Polygon' ? polygon.coordinates : (polygon.coordinates as unknown[])[0]) as [
    number,
    number,
  ][][];
  return rings[0] ?? [];
}

/** 'DVF 2020–2024' from the DVF vintages of the register (null when none is loaded). */
export function dvfVintage(datasets: readonly ExportDataset[]): string | null {
  const years = [...new Set(datasets.filter((dataset) => dataset.source === 'dvf').map((dataset) => dataset.vintage))]
    .map(Number)
    .filter(Number.isFinite)
    .sort((a, b) => a - b);
  if (years.length === 0) return null;
  const first = years[0] as number;
  const last = years.at(-1) as number;
  return first === last ? `DVF ${first}` : `DVF ${first}–${last}`;
}

/** The sectors whose Huff metrics are asked (`market.huff.<sector>.…`). */
function huffSectorsOf(metrics: readonly MetricDefinition[]): HomeCategoryKey[] {
  const asked = new Set(metrics.map((metric) => /^market\.huff\.([a-z_]+)\./.exec(metric.id)?.[1]));
  return HOME_CATEGORY_KEYS.filter((key) => asked.has(key));
}

/** Whether establishments are loaded for the zone, and their vintages ('Sirene 2025-01, …'). */
function establishmentsOf(businesses: { sources: readonly { vintage: string | null }[] }) {
  const vintages = [...new Set(businesses.sources.map((source) => source.vintage).filter(Boolean))];
  return { loaded: businesses.sources.length > 0, vintage: vintages.length > 0 ? vintages.join(', ') : null };
}

/** A zone analysed: the demographics answer (locked figures removed), its geometry and its figures. */
interface AnalysedZone {
  answer: DemographicsAnswer;
  geometry: ExportGeometry;
  figures: ZoneFigures;
  exportZone: ExportZone;
}

/** What the domain services answered for one zone (what the figures cache keeps). */
type ZoneAnswers = Pick<AnalysedZone, 'answer' | 'figures'>;

const figuresCaches = new WeakMap<Database, AnswerCache<ZoneAnswers>>();

/**
 * The export's figures of the zones already exported, one store per database: the same zone (geometry, the
 * travel settings its market study reads), for the same tier and the same kinds of metrics, is analysed
 * once while the loaded datasets stay the same (their load stamp is part of the key: an import makes every
 * entry stale). Exporting a study again in another format, or the same commune for another user, reads it.
 */
export function exportFiguresCacheFor(database: Database): AnswerCache<ZoneAnswers> {
  let cache = figuresCaches.get(database);
  if (!cache) {
    cache = new AnswerCache<ZoneAnswers>({ maxEntries: 50, ttlMs: 3_600_000 });
    figuresCaches.set(database, cache);
  }
  return cache;
}

/**
 * The export's figures: the user's saved zones, each analysed by the domain services themselves
 * (demographics, real estate, businesses, public services — the same calls as their endpoints), then
 * read through the metric catalogue into a serialisable {@link ExportDocument}.
 */
export class ExportService {
  private readonly businesses: BusinessesService;
  private readonly publicServices: PublicServicesService;
  private readonly market: ZoneMarketService;
  private readonly served: ServedPopulationService;
  private readonly figuresCache: AnswerCache<ZoneAnswers>;

  constructor(private readonly database: Database) {
    this.figuresCache = exportFiguresCacheFor(database);
    this.businesses = new BusinessesService(database);
    this.publicServices = new PublicServicesService(database);
    this.served = servedPopulationServiceFor(database);
    this.market = new ZoneMarketService(database);
  }

  /** Readies what the first export would wait for: the walking times of the coverage metrics. */
  warm(): void {
    this.served.warm();
  }

  /** The catalogue's metrics of the request (the special entries apart); 400 naming the unknown ids. */
  metricsOf(ids: readonly string[]): MetricDefinition[] {
    const unknown = ids.filter((id) => !metricById(id) && !isSpecialExportId(id));
    if (unknown.length > 0) {
      const message = `métrique inconnue « ${unknown.slice(0, 5).join(', ')} »`;
      throw badRequest(`corps « metric_ids » : ${message}`, { errors: [{ field: 'metric_ids', message }] });
    }
    return [...new Set(ids)].filter((id) => !isSpecialExportId(id)).map((id) => metricById(id) as MetricDefinition);
  }

  /** The special entries chosen, with what the browser captured of the map (null when it showed none). */
  specialOf(request: ExportRequest): ExportSpecial | undefined {
    const chosen = [...new Set(request.metric_ids.filter(isSpecialExportId))];
    if (chosen.length === 0) return undefined;
    return {
      chosen,
      mapView: chosen.includes('special.map_view') ? (request.map_view ?? null) : null,
      choropleth: chosen.includes('special.choropleth') ? (request.choropleth ?? null) : null,
    };
  }

  /** The user's zones of the request, in its order; 404 for a zone that is not theirs. */
  async zonesOf(user: UserRow, ids: readonly string[]): Promise<UserZoneRow[]> {
    const owned = new Map(
      (await selectUserZones(this.database, { kind: 'user', id: user.id }, true)).map((row) => [row.id, row]),
    );
    return [...new Set(ids)].map((id) => {
      const row = owned.get(id);
      if (!row) throw notFound(`Zone introuvable : ${id}`);
      return row;
    });
  }

  /**
   * The served-population answer of a zone, as its endpoint gives it, from the zone's public services
   * already read (their sources and counts per category); null when the territory lacks what it needs (no
   * public service, or no census population: the endpoint's 422) so its metrics read 'non disponible'.
   */
  private async servedPopulationOf(
    geometryJson: string,
    publicServices: Promise<ZoneAnalysis>,
  ): Promise<ServedPopulation | null> {
    const served = this.served
      .compute(
        geometryJson,
        publicServices.then((analysis) => analysis.sources),
        publicServices.then(
          (analysis) => new Map(analysis.categories.map((category) => [category.category, category.count])),
        ),
      )
      .catch((error: unknown) => {
        if (error instanceof HttpError && error.statusCode === 422) return null;
        throw error;
      });
    const [{ sources }, answer] = await Promise.all([publicServices, served]);
    return sources.length === 0 ? null : answer;
  }

  /**
   * The figures of one zone from the domain services; a service without data gives null. The market
   * study (competitors in the zone, Huff runs) is made only when one of its metrics is asked.
   */
  async figuresOf(
    zone: UserZoneRow,
    user: UserRow,
    httpRequest: FastifyRequest,
    metrics: readonly MetricDefinition[],
  ): Promise<AnalysedZone> {
    const polygon = polygonOf(zone.geometry_geojson);
    const geometryJson = JSON.stringify(polygon);
    const hint = hintOf(zone.properties ?? {});
    const level = accessLevelOf(user);
    const studyMarket = metrics.some(
      (metric) => metric.id.startsWith('market.competitors.') || metric.id.startsWith('market.huff.'),
    );
    const sectors = huffSectorsOf(metrics);
    const walking = metrics.some((metric) => metric.id.startsWith('public_services.walking.'));
    const key = createHash('sha256')
      .update(
        JSON.stringify([
          geometryJson,
          hint ?? null,
          level,
          studyMarket ? [sectors, zone.longitude, zone.latitude, zone.transport_mode, zone.travel_time] : null,
          walking,
        ]),
      )
      .digest('base64url');
    const { answer: opened, figures } = await this.figuresCache.get(this.database, key, () =>
      this.answersOf(zone, geometryJson, hint, level, httpRequest, studyMarket ? sectors : null, walking),
    );
    const demographics = figures.demographics;
    return {
      answer: opened,
      geometry: polygon as ExportGeometry,
      figures,
      exportZone: {
        id: zone.id,
        name: zone.name,
        place: hint ? `${LEVEL_LABELS[hint.level]} ${hint.code}` : zone.address,
        irisCount: demographics ? demographics.analysis_metadata.iris_zones_count : null,
        coverageQuality: demographics ? demographics.analysis_metadata.coverage_quality : null,
        selection: demographics ? demographics.analysis_metadata.analysis_type : null,
        demoEstablishments: figures.businesses?.demo_count ?? 0,
        outline: outlineOf(polygon),
      },
    };
  }

  /** The domain services' answers for one zone (what {@link figuresOf} keeps in the figures cache). */
  private async answersOf(
    zone: UserZoneRow,
    geometryJson: string,
    hint: AdministrativeHint | undefined,
    level: ReturnType<typeof accessLevelOf>,
    httpRequest: FastifyRequest,
    marketSectors: HomeCategoryKey[] | null,
    walking: boolean,
  ): Promise<ZoneAnswers> {
    const codes = codesOf(hint, JSON.parse(geometryJson) as unknown);
    const realEstateRequest = zoneStatisticsRequestSchema.parse({
      ...codes,
      include_sample_transactions: false,
      temporal_granularity: 'year',
    });
    const publicServicesAnswer = this.publicServices.zoneAnalysis(geometryJson);
    const businessesAnswer = this.businesses.zoneStatistics(
      businessZoneSchema.parse({ ...codes, include_inactive: false }),
    );
    // Every domain at once: PostgreSQL runs their statements side by side on its pool, and the work done
    // in this process (snapping addresses, reading answers) overlaps the embedded database's statements.
    const [answer, realEstate, businesses, publicServices, servedPopulation, market] = await Promise.all([
      analyzeZone(this.database, geometryJson, hint),
      realEstateZoneOf(this.database, httpRequest, realEstateRequest).then((realEstateZone) =>
        zoneStatistics(this.database, realEstateZone, realEstateRequest),
      ),
      businessesAnswer,
      publicServicesAnswer,
      walking ? this.servedPopulationOf(geometryJson, publicServicesAnswer) : null,
      marketSectors
        ? this.market.figuresOf(zone, geometryJson, marketSectors, businessesAnswer.then(establishmentsOf), hint)
        : null,
    ]);
    const opened = withoutLockedFigures(answer, level);
    const demographics = aggregateDemographics(opened);
    const hasCensus = demographics.analysis_metadata.data_year !== null;
    return {
      answer: opened,
      figures: {
        demographics: hasCensus ? demographics : null,
        lockedTabs: lockedTabs(level),
        realEstate: realEstate.statistics,
        realEstateVintage: null,
        businesses,
        publicServices,
        servedPopulation,
        market,
      },
    };
  }

  /**
   * The GIS part: each zone's geometry, and each of its IRIS with its outline and its own census figures
   * (the whole IRIS, its share inside the zone given apart); the other domains are not split by IRIS.
   */
  private async gisOf(
    analysed: readonly AnalysedZone[],
    metrics: readonly MetricDefinition[],
  ): Promise<NonNullable<ExportDocument['gis']>> {
    const codes = [...new Set(analysed.flatMap((zone) => zone.answer.iris_zones.map((record) => record.iris_code)))];
    const outlines = await selectIrisGeometries(this.database, codes);
    const iris: ExportIris[] = analysed.flatMap((zone, zoneIndex) =>
      zone.answer.iris_zones.flatMap((record) => {
        const geometry = outlines.get(record.iris_code);
        if (!geometry) return [];
        const own = aggregateDemographics({
          iris_zones: [{ ...record, coverage_ratio: 1 }],
          metadata: { ...zone.answer.metadata, total_area_km2: record.area_km2, job_seekers: [] },
        });
        const figures: ZoneFigures = {
          demographics: own.analysis_metadata.data_year !== null ? own : null,
          lockedTabs: zone.figures.lockedTabs,
          realEstate: null,
          realEstateVintage: null,
          businesses: null,
          publicServices: null,
          servedPopulation: null,
          market: null,
        };
        return [
          {
            zoneIndex,
            code: record.iris_code,
            name: record.iris_name,
            coverage: record.coverage_ratio,
            geometry,
            readings: metrics.map((metric) =>
              metric.category === 'demographics' ? metric.read(figures) : { value: null, vintage: null },
            ),
          },
        ];
      }),
    );
    return { zones: analysed.map((zone) => zone.geometry), iris };
  }

  /** The communes around the zones' outlines (their box widened by a third on each side). */
  private async basemapOf(analysed: readonly AnalysedZone[]): Promise<NonNullable<ExportDocument['basemap']>> {
    const points = analysed.flatMap((zone) => zone.exportZone.outline);
    if (points.length === 0) return [];
    const longitudes = points.map((point) => point[0]);
    const latitudes = points.map((point) => point[1]);
    const [west, east] = [Math.min(...longitudes), Math.max(...longitudes)];
    const [south, north] = [Math.min(...latitudes), Math.max(...latitudes)];
    const margin = Math.max(east - west, north - south) / 3;
    return selectBasemapCommunes(
      this.database,
      [west - margin, south - margin, east + margin, north + margin],
      Math.max(east - west, north - south) / 800,
    );
  }

  /** The document the exporters write, for the request of a user allowed to export. */
  async document(
    user: UserRow,
    request: ExportRequest,
    now: Date,
    httpRequest: FastifyRequest,
  ): Promise<ExportDocument> {
    const metrics = this.metricsOf(request.metric_ids);
    const zones = await this.zonesOf(user, request.zone_ids);
    const datasets: ExportDataset[] = (await listDatasets(this.database)).map((record) => ({
      source: record.source,
      label: record.label,
      territory: record.territory,
      vintage: record.vintage,
      demo: record.demo,
    }));
    const realEstateVintage = dvfVintage(datasets);
    // One zone after the other: the embedded database runs one statement at a time anyway.
    const analysed: AnalysedZone[] = [];
    for (const zone of zones) analysed.push(await this.figuresOf(zone, user, httpRequest, metrics));
    const names = shortZoneNames(zones.map((zone) => zone.name));
    const special = this.specialOf(request);
    return {
      format: request.format,
      zones: analysed.map((entry, index) => ({ ...entry.exportZone, name: names[index] ?? entry.exportZone.name })),
      rows: metrics.map((metric) => ({
        metricId: metric.id,
        readings: analysed.map(({ figures }) => metric.read({ ...figures, realEstateVintage })),
      })),
      datasets,
      ...(GIS_FORMATS.has(request.format) ? { gis: await this.gisOf(analysed, metrics) } : {}),
      ...(request.format === 'pdf' ? { basemap: await this.basemapOf(analysed) } : {}),
      ...(special ? { special } : {}),
      generatedAt: now.toISOString(),
      appVersion: APP_VERSION,
      request: {
        zone_ids: zones.map((zone) => zone.id),
        metric_ids: metrics.map((metric) => metric.id),
        format: request.format,
      },
    };
  }
}
