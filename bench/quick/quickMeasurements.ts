import type { Database } from '../../server/db/Database';
import type { FastifyInstance } from 'fastify';
import { IsochroneEngine, OffNetworkError } from '../../kernel/isochrones/IsochroneEngine';
import type { RoadMode } from '../../kernel/isochrones/travelModes';
import { loadRoadGraph } from '../../server/isochrones/roadGraphRepository';
import { lotsToArrow } from '../../server/real-estate/lotsToArrow';
import { selectZoneLots } from '../../server/real-estate/realEstateRepository';
import { renderTile } from '../../server/tiles/renderTile';
import { TileService } from '../../server/tiles/TileService';
import { areaTileset } from '../../server/visualizations/areaTileRepository';
import { filterGroups } from '../../src/features/real-estate/filterGroups';
import { groupTransactions } from '../../src/features/real-estate/groupTransactions';
import { openNodeDuckDb } from '../../tests/support/nodeDuckDb';
import { lotFromArrow } from '../../workers/real-estate/lotFromArrow';
import { zoneTransactionsQuery } from '../../workers/real-estate/zoneTransactionsQuery';
import { pgRoutingIsochrone, startPoints } from '../isochrone.bench';
import { PARIS, tilesOver } from '../tiles.bench';
import { quantile } from '../support/statistics';
import { calibratedCost } from './calibratedTimer';
import type { QuickFigure } from './judgeFigures';

const STARTS = 40;

/** Our engine's p50 against pgRouting's on the same edges and starts (PostgreSQL): the speed-up. */
export async function isochroneSpeedUps(database: Database): Promise<QuickFigure[]> {
  const engine = new IsochroneEngine(await loadRoadGraph(database));
  const { points } = await startPoints(database, STARTS);
  const figures: QuickFigure[] = [];
  for (const mode of ['walking', 'driving'] as const satisfies readonly RoadMode[]) {
    const ours: number[] = [];
    const theirs: number[] = [];
    engine.isochrone({ origin: points[0] as [number, number], mode, metric: 'time', limit: 900 });
    for (const point of points) {
      const startedAt = performance.now();
      try {
        engine.isochrone({ origin: point, mode, metric: 'time', limit: 900 });
      } catch (error) {
        if (error instanceof OffNetworkError) continue;
        throw error;
      }
      ours.push(performance.now() - startedAt);
      const pgStartedAt = performance.now();
      await pgRoutingIsochrone(database, point, mode, 900);
      theirs.push(performance.now() - pgStartedAt);
    }
    figures.push({
      id: `isochrone-${mode}-15min-speed-up`,
      label: `Isochrone ${mode === 'walking' ? 'à pied' : 'en voiture'} 15 min : pgRouting p50 / moteur p50 (${ours.length} départs)`,
      value: quantile(theirs, 0.5) / quantile(ours, 0.5),
      better: 'higher',
    });
  }
  return figures;
}

/** Our Node tile encoder against ST_AsMVT on the same IRIS tiles of Paris at z14 (PostgreSQL). */
export async function tileEncoderRatio(database: Database): Promise<QuickFigure> {
  await new TileService(database).generation();
  const tiles = tilesOver(14, PARIS, 20);
  const layers = areaTileset('iris').layers(14);
  const timings = { node: [] as number[], postgis: [] as number[] };
  for (const tile of tiles) {
    for (const encoder of ['postgis', 'node'] as const) {
      const startedAt = performance.now();
      await renderTile(database, layers, tile, encoder);
      timings[encoder].push(performance.now() - startedAt);
    }
  }
  return {
    id: 'tile-node-over-st-asmvt-z14',
    label: `Tuile IRIS z14 : encodeur Node p50 / ST_AsMVT p50 (${timings.node.length} tuiles)`,
    value: quantile(timings.node, 0.5) / quantile(timings.postgis, 0.5),
    better: 'lower',
  };
}

const ARRONDISSEMENTS = Array.from({ length: 10 }, (_, index) => `751${String(index + 1).padStart(2, '0')}`);

/** The zone analyses of ten arrondissements through the HTTP app, in units of the reference workload. */
export async function zoneAnalysisCosts(app: FastifyInstance, databaseLabel: string): Promise<QuickFigure[]> {
  const endpoints: [string, string, (code: string) => Record<string, unknown>][] = [
    ['demographics', '/api/v1/userzone-demographics/analyze', () => ({})],
    ['real-estate', '/api/v1/real-estate/zone-statistics', () => ({ sample_size: 20 })],
    ['businesses', '/api/v1/business/zone-statistics', () => ({})],
    ['public-services', '/api/public-services/zone-analysis', () => ({})],
  ];
  const figures: QuickFigure[] = [];
  for (const [name, path, body] of endpoints) {
    const { cost } = await calibratedCost(ARRONDISSEMENTS.length, async (index) => {
      const code = ARRONDISSEMENTS[index % ARRONDISSEMENTS.length] as string;
      const response = await app.inject({
        method: 'POST',
        url: path,
        payload: { ...body(code), zone: { kind: 'territory', level: 'commune', code } },
      });
      if (response.statusCode !== 200) throw new Error(`${path} ${code}: HTTP ${response.statusCode} ${response.body}`);
    });
    figures.push({
      id: `zone-analysis-${name}-${databaseLabel}`,
      label: `Analyse de zone ${name} (${databaseLabel}, 10 arrondissements) en unités de référence`,
      value: cost,
      better: 'lower',
    });
  }
  return figures;
}

/** The real-estate worker's DuckDB query against the same filters in plain JavaScript, on the 11e's lots. */
export async function duckDbRatio(database: Database): Promise<QuickFigure> {
  const lots = await selectZoneLots(database, { kind: 'commune', code: '75111' }, {}, undefined);
  const connection = await openNodeDuckDb();
  await connection.insertArrowFromIPCStream(await lotsToArrow(lots), { name: 'lots', create: true });
  const filters = { types: ['Appartement'], roomsMin: 2, roomsMax: 3, priceMax: 600_000 };
  const duck: number[] = [];
  const javascript: number[] = [];
  for (let index = 0; index < 8; index += 1) {
    let startedAt = performance.now();
    (await connection.query(zoneTransactionsQuery(filters, 'price-asc', { limit: 50, offset: 0 }))).toArray();
    duck.push(performance.now() - startedAt);
    startedAt = performance.now();
    const groups = groupTransactions(lots.map((row) => lotFromArrow(row as unknown as Record<string, unknown>)));
    filterGroups(groups, filters, 'price-asc').slice(0, 50);
    javascript.push(performance.now() - startedAt);
  }
  await connection.close();
  return {
    id: 'duckdb-over-javascript-11e',
    label: `Liste DVF du 11e (${lots.length} lots) : requête DuckDB p50 / mêmes filtres en JavaScript p50`,
    value: quantile(duck, 0.5) / quantile(javascript, 0.5),
    better: 'lower',
  };
}
