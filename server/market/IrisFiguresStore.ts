import { aggregateDemographics } from '../../kernel/demographics/aggregateDemographics';
import { householdsOf } from '../../kernel/market/householdsOf';
import type { IsochroneEngine } from '../../kernel/isochrones/IsochroneEngine';
import type { RoadMode } from '../../kernel/isochrones/travelModes';
import type { SnappedPoint } from '../../kernel/market/networkTimes';
import type { Database } from '../db/Database';
import { analyzeZone } from '../demographics/analyzeZone';
import { resolveZone, zoneOutlineJson } from '../zones/resolveZone';
import { selectIrisPoints } from './marketRepository';
import type { MarketSource } from '../../kernel/market/marketSchemas';

/** One IRIS of a département with the figures the market model uses. */
export interface IrisFigures {
  iris_code: string;
  iris_name: string;
  longitude: number;
  latitude: number;
  population: number;
  households: number;
  /** Median disposable income per consumption unit (Filosofi), € per year. */
  median_income: number | null;
  /** median × population: an estimate of the residents' disposable income, € per year. */
  income_estimate: number | null;
}

export interface DepartementFigures {
  departement_code: string;
  iris: IrisFigures[];
  population: number;
  sources: MarketSource[];
}

/** Figures are static between imports: kept this long, then read again (an import may have replaced them). */
const KEEP_MS = 10 * 60_000;

/**
 * The figures of every IRIS of a département, computed once with the demographics apportioning (each
 * IRIS aggregated as a zone of its own, coverage 1) and kept in memory; with each IRIS's point (the address
 * nearest to the barycentre of its BAN addresses, `selectIrisPoints`)
 * attached to the street graph of each mode on first use.
 */
export class IrisFiguresStore {
  private readonly departements = new Map<string, { loadedAt: number; figures: Promise<DepartementFigures> }>();
  private readonly snapped = new WeakMap<IsochroneEngine, Map<string, (SnappedPoint | undefined)[]>>();

  constructor(private readonly database: Database) {}

  get(departementCode: string): Promise<DepartementFigures> {
    const now = Date.now();
    const cached = this.departements.get(departementCode);
    if (cached && now - cached.loadedAt < KEEP_MS) return cached.figures;
    const figures = this.load(departementCode);
    this.departements.set(departementCode, { loadedAt: now, figures });
    figures.catch(() => this.departements.delete(departementCode));
    return figures;
  }

  /** The nodes the département's IRIS points are attached to for the mode (same order as `iris`). */
  snap(engine: IsochroneEngine, mode: RoadMode, figures: DepartementFigures): (SnappedPoint | undefined)[] {
    let byKey = this.snapped.get(engine);
    if (!byKey) {
      byKey = new Map();
      this.snapped.set(engine, byKey);
    }
    const key = `${mode}:${figures.departement_code}:${figures.iris.length}`;
    let nodes = byKey.get(key);
    if (!nodes) {
      nodes = figures.iris.map((iris) => engine.snap(mode, iris.longitude, iris.latitude));
      byKey.set(key, nodes);
    }
    return nodes;
  }

  private async load(departementCode: string): Promise<DepartementFigures> {
    const zone = await resolveZone(
      this.database,
      { kind: 'territory', level: 'department', code: departementCode },
      undefined,
    );
    const outline = await zoneOutlineJson(this.database, zone);
    const [answer, points] = await Promise.all([
      analyzeZone(this.database, outline, { level: 'department', code: departementCode }),
      selectIrisPoints(this.database, [departementCode]),
    ]);
    const records = new Map(answer.iris_zones.map((record) => [record.iris_code, record]));
    const sources = new Map<string, MarketSource>();
    const iris = points.map((point): IrisFigures => {
      const record = records.get(point.iris_code);
      if (!record) return { ...point, population: 0, households: 0, median_income: null, income_estimate: null };
      const aggregated = aggregateDemographics({ iris_zones: [record], metadata: answer.metadata });
      for (const source of sourcesOf(aggregated)) sources.set(`${source.label}|${source.vintage ?? ''}`, source);
      const population = aggregated.population.total ?? 0;
      const median = aggregated.revenue.median;
      return {
        ...point,
        population,
        households: householdsOf(aggregated) ?? 0,
        median_income: median,
        income_estimate: median === null ? null : median * population,
      };
    });
    return {
      departement_code: departementCode,
      iris,
      population: iris.reduce((sum, entry) => sum + entry.population, 0),
      sources: [...sources.values()],
    };
  }
}

/** The bases and vintages behind residents, households and income. */
export function sourcesOf(aggregated: ReturnType<typeof aggregateDemographics>): MarketSource[] {
  return [aggregated.population, aggregated.households, aggregated.revenue]
    .filter((group) => group.available)
    .map((group) => ({ label: group.base_label, vintage: group.vintage_label }));
}

const stores = new WeakMap<Database, IrisFiguresStore>();

/** The one store of a database. */
export function irisFiguresStoreFor(database: Database): IrisFiguresStore {
  let store = stores.get(database);
  if (!store) {
    store = new IrisFiguresStore(database);
    stores.set(database, store);
  }
  return store;
}
