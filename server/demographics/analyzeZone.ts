import { performance } from 'node:perf_hooks';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Queryable } from '../db/Database';
import { INSEE_IRIS_BASES, INSEE_IRIS_BASE_LABELS, type InseeIrisBase } from '../../kernel/demographics/inseeIrisBases';
import type {
  CommuneJobSeekers,
  DemographicsAnswer,
  IrisDemographicRecord,
  LoadedBase,
} from '../../kernel/demographics/demographicsRecord';
import { MINIMUM_COVERAGE, zonePopulation } from '../../kernel/demographics/aggregateDemographics';
import {
  selectCommuneIncome,
  selectCommunePopulation,
  selectIrisCoverage,
  selectIrisOfTerritory,
  selectLatestJobSeekers,
  selectLoadedVintages,
  selectZoneArea,
  type IrisCoverageRow,
} from './demographicsRepository';
import { selectCommuneCodes } from '../territory/territoryRepository';
import { selectDatasetsLoadStamp } from '../businesses/businessesRepository';
import { StatisticsCache } from '../businesses/StatisticsCache';
import { IrisStatisticsCache, type IrisStatistic } from './IrisStatisticsCache';

/** What analyses keep between requests, per database: IRIS figures and loaded vintages (same datasets). */
interface AnalysisCaches {
  statistics: IrisStatisticsCache;
  vintages: StatisticsCache<Awaited<ReturnType<typeof selectLoadedVintages>>>;
}
const cachesByDatabase = new WeakMap<Queryable, AnalysisCaches>();

function cachesOf(database: Queryable): AnalysisCaches {
  let caches = cachesByDatabase.get(database);
  if (!caches) {
    caches = { statistics: new IrisStatisticsCache(), vintages: new StatisticsCache(50) };
    cachesByDatabase.set(database, caches);
  }
  return caches;
}

/** The administrative level and code of a zone picked from the tree. */
export interface AdministrativeHint {
  level: 'region' | 'department' | 'commune' | 'iris';
  code: string;
}

export const DEMOGRAPHICS_SOURCE = 'INSEE — recensement (bases infracommunales IRIS), Filosofi ; France Travail';

/**
 * The IRIS of the zone. An administrative zone of commune, département or IRIS level takes its IRIS
 * by code, each wholly (coverage 1): the zone then adds up exactly to INSEE's figures for that
 * territory, where intersecting two independently simplified contours would shave the border IRIS.
 * Any other zone (isochrone, drawn polygon, region) is intersected geometrically.
 */
async function coveredIris(
  database: Queryable,
  geometryJson: string,
  administrative: AdministrativeHint | undefined,
): Promise<{ rows: IrisCoverageRow[]; selection: 'geometry' | 'administrative' }> {
  if (administrative && administrative.level !== 'region') {
    const codes =
      administrative.level === 'commune'
        ? await selectCommuneCodes(database, administrative.code)
        : [administrative.code];
    const rows = await selectIrisOfTerritory(database, administrative.level, codes);
    if (rows.length > 0) return { rows, selection: 'administrative' };
  }
  return { rows: await selectIrisCoverage(database, geometryJson), selection: 'geometry' };
}

/** The IRIS of one zone and how they were selected, before their figures are read. */
interface ZoneCoverage {
  rows: IrisCoverageRow[];
  selection: 'geometry' | 'administrative';
  zoneArea: number;
  administrative: AdministrativeHint | undefined;
}

/** Analyze: the IRIS records of the zone and the metadata of the figures. */
export async function analyzeZone(
  database: Queryable,
  geometryJson: string,
  administrative?: AdministrativeHint,
): Promise<DemographicsAnswer> {
  const started = performance.now();
  const [{ rows, selection }, zoneArea] = await Promise.all([
    coveredIris(database, geometryJson, administrative),
    selectZoneArea(database, geometryJson),
  ]);
  const [answer] = await answersOf(database, [{ rows, selection, zoneArea, administrative }], true, started);
  return answer as DemographicsAnswer;
}

/**
 * Several drawn zones (the bands of one isochrone) analysed as {@link analyzeZone} does each, with one
 * reading of the census figures of all their IRIS. Without `jobSeekers`, the France Travail counts are
 * not read (answers with no job seekers) — for callers that use only the census and income figures.
 */
export async function analyzeZones(
  database: Queryable,
  geometries: readonly string[],
  options: { jobSeekers: boolean },
): Promise<DemographicsAnswer[]> {
  const started = performance.now();
  const coverages = await Promise.all(
    geometries.map(async (geometryJson): Promise<ZoneCoverage> => {
      const [rows, zoneArea] = await Promise.all([
        selectIrisCoverage(database, geometryJson),
        selectZoneArea(database, geometryJson),
      ]);
      return { rows, selection: 'geometry', zoneArea, administrative: undefined };
    }),
  );
  return answersOf(database, coverages, options.jobSeekers, started);
}

/** Distinct values, sorted: a key for the queries that depend on a set of codes. */
const distinct = (values: readonly string[]) => [...new Set(values)].sort();

/** Reads the figures of the zones' IRIS once (per distinct set of communes or départements), then answers each zone. */
async function answersOf(
  database: Queryable,
  coverages: readonly ZoneCoverage[],
  withJobSeekers: boolean,
  started: number,
): Promise<DemographicsAnswer[]> {
  const zones = coverages.map((coverage) => ({
    ...coverage,
    communes: distinct(coverage.rows.map((row) => row.commune_code)),
    departements: distinct(coverage.rows.map((row) => row.departement_code)),
  }));
  const once = <T>(cache: Map<string, Promise<T>>, codes: readonly string[], read: () => Promise<T>) => {
    const key = codes.join(',');
    let pending = cache.get(key);
    if (!pending) {
      pending = read();
      cache.set(key, pending);
    }
    return pending;
  };
  const caches = cachesOf(database);
  const stamp = await selectDatasetsLoadStamp(database);
  const vintagesBy = new Map<string, ReturnType<typeof selectLoadedVintages>>();
  const jobSeekersBy = new Map<string, ReturnType<typeof selectLatestJobSeekers>>();
  const populationBy = new Map<string, ReturnType<typeof selectCommunePopulation>>();
  const [statistics, perZone] = await Promise.all([
    caches.statistics.statistics(
      database,
      stamp,
      distinct(coverages.flatMap((coverage) => coverage.rows.map((row) => row.iris_code))),
    ),
    Promise.all(
      zones.map(async (zone) => {
        const incomeLevel =
          zone.selection === 'administrative' &&
          (zone.administrative?.level === 'commune' || zone.administrative?.level === 'department')
            ? zone.administrative.level
            : undefined;
        const [vintages, jobSeekers, communePopulation, communeIncome] = await Promise.all([
          once(vintagesBy, zone.departements, () =>
            caches.vintages.get(JSON.stringify([stamp, zone.departements]), () =>
              selectLoadedVintages(database, zone.departements),
            ),
          ),
          withJobSeekers
            ? once(jobSeekersBy, zone.communes, () => selectLatestJobSeekers(database, zone.communes))
            : [],
          withJobSeekers
            ? once(populationBy, zone.communes, () => selectCommunePopulation(database, zone.communes))
            : [],
          incomeLevel && zone.administrative
            ? selectCommuneIncome(database, incomeLevel, zone.administrative.code)
            : undefined,
        ]);
        return { vintages, jobSeekers, communePopulation, communeIncome };
      }),
    ),
  ]);
  const answers: DemographicsAnswer[] = [];
  for (const [index, zone] of zones.entries()) {
    const { vintages, jobSeekers, communePopulation, communeIncome } = perZone[index] as (typeof perZone)[number];
    answers.push(await answerOf(zone, statistics, vintages, jobSeekers, communePopulation, communeIncome, started));
  }
  return answers;
}

/** Statistic rows read per turn of the event loop: a zone of thousands of IRIS never holds the server up. */
const STATISTICS_SLICE_SIZE = 250;

/** One zone's answer from its IRIS and the figures read. */
async function answerOf(
  { rows, selection, zoneArea }: ZoneCoverage,
  statistics: readonly IrisStatistic[],
  vintages: Awaited<ReturnType<typeof selectLoadedVintages>>,
  jobSeekers: Awaited<ReturnType<typeof selectLatestJobSeekers>>,
  communePopulation: Awaited<ReturnType<typeof selectCommunePopulation>>,
  communeIncome: Awaited<ReturnType<typeof selectCommuneIncome>> | undefined,
  started: number,
): Promise<DemographicsAnswer> {
  const records = new Map<string, IrisDemographicRecord>(
    rows.map((row) => [
      row.iris_code,
      {
        iris_code: row.iris_code,
        iris_name: row.iris_name,
        iris_type: row.iris_type,
        commune_code: row.commune_code,
        commune_name: row.commune_name,
        area_km2: Number(row.area_km2),
        coverage_ratio: Number(row.coverage_ratio),
        groups: {},
      },
    ]),
  );
  const bases = new Map<InseeIrisBase, LoadedBase>();
  for (const [index, statistic] of statistics.entries()) {
    if (index > 0 && index % STATISTICS_SLICE_SIZE === 0) await nextTurn();
    const base = statistic.base as InseeIrisBase;
    const record = records.get(statistic.iris_code);
    if (!record || !INSEE_IRIS_BASES.includes(base)) continue;
    const { values, vintage } = statistic;
    const figures = record.groups[base];
    // Rows come newest first: the first is the IRIS's newest vintage; older ones add their columns,
    // whose names carry their own year (P16_…, P17_…).
    if (figures) {
      figures.vintages?.push(vintage);
      Object.assign(figures.values, values);
    } else {
      // A copy: the cached figures are shared, and older vintages are added to this one.
      record.groups[base] = { vintage, vintages: [vintage], values: { ...values } };
    }
    const loaded = bases.get(base) ?? { base, label: INSEE_IRIS_BASE_LABELS[base], vintage, iris_count: 0 };
    if (!figures) loaded.iris_count += 1;
    loaded.vintage = Math.max(loaded.vintage, vintage);
    bases.set(base, loaded);
  }

  const populationOf = new Map(communePopulation.map((row) => [row.commune_code, row.population_1564]));
  const seekers = new Map<string, CommuneJobSeekers>();
  for (const row of jobSeekers) {
    const entry = seekers.get(row.commune_code) ?? {
      commune_code: row.commune_code,
      period: row.period,
      population_1564: populationOf.get(row.commune_code) ?? null,
      counts: {},
    };
    entry.counts[row.category] = row.count === null ? null : Number(row.count);
    seekers.set(row.commune_code, entry);
  }

  const iris_zones = [...records.values()];
  const population = zonePopulation(iris_zones.filter((zone) => zone.coverage_ratio >= MINIMUM_COVERAGE));
  const coveredArea = iris_zones.reduce((sum, zone) => sum + zone.area_km2 * zone.coverage_ratio, 0);
  return {
    iris_zones,
    metadata: {
      source: DEMOGRAPHICS_SOURCE,
      // An administrative zone is its IRIS: its area is theirs, not that of a simplified contour.
      total_area_km2: selection === 'administrative' ? coveredArea : zoneArea,
      covered_area_km2: coveredArea,
      iris_count: iris_zones.length,
      population: {
        ...population,
        iris_without_population: iris_zones.filter((zone) => zone.groups['evol-struct-pop'] === undefined).length,
      },
      bases: INSEE_IRIS_BASES.flatMap((base) => bases.get(base) ?? []),
      missing_bases: INSEE_IRIS_BASES.filter((base) => !bases.has(base)),
      loaded_vintages: Object.fromEntries(vintages.map((row) => [row.base, row.vintages])),
      job_seekers: [...seekers.values()],
      commune_income: communeIncome ?? null,
      selection,
      query_time_ms: Math.round((performance.now() - started) * 10) / 10,
    },
  };
}
