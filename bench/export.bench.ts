import type { FastifyInstance } from 'fastify';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/Database';
import { openPglite } from '../server/db/openPglite';
import { openPostgres } from '../server/db/openPostgres';
import { METRIC_CATALOGUE } from '../kernel/export/metricCatalogue';
import { exportFiguresCacheFor } from '../server/export/ExportService';
type BenchFormat = 'csv' | 'xlsx' | 'pdf';
import { tierSessionCookie } from '../tests/support/proSession';
import type { Benchmark, BenchContext } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';
import { launchBenchBrowser, startDemoServer } from './support/browserBench';
import { recordLongTasksInPage } from './support/recordLongTasksInPage';

const PORT = Number(process.env.EXPORT_BENCH_PORT ?? 3215);
const ZONE_ID = 'bench-export-75111';
const RUNS: Readonly<Record<BenchFormat, number>> = { csv: 20, xlsx: 10, pdf: 8 };
const TARGETS: Readonly<Record<BenchFormat, string>> = { csv: '≤ 300 ms', xlsx: '≤ 1 s', pdf: '≤ 3 s' };
const BROWSER_RUNS = 3;
const LONG_TASK_TARGET_MS = 50;
const FORMAT_LABELS: Readonly<Record<BenchFormat, string>> = {
  csv: 'CSV (pour Excel)',
  xlsx: 'Excel (.xlsx)',
  pdf: 'PDF (rapport)',
};

type Row = (string | number)[];

/** A Pro user (written in the database) holding the 11e as a saved zone: its session cookie. */
async function proUserWithEleventh(database: Database, app: FastifyInstance): Promise<string> {
  const cookie = await tierSessionCookie(database, 'pro');
  const { rows } = await database.query<{ geometry: string }>(
    `SELECT ST_AsGeoJSON(geometry) AS geometry FROM communes WHERE code = '75111'`,
  );
  const response = await app.inject({
    method: 'POST',
    url: '/api/user-zones',
    headers: { cookie },
    payload: {
      id: ZONE_ID,
      name: 'Paris 11e Arrondissement',
      coordinates: [2.38, 48.86],
      geometry: {
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: JSON.parse(rows[0]?.geometry ?? 'null') as object, properties: {} }],
      },
      properties: { type: 'administrative', level: 'commune', code: '75111' },
    },
  });
  if (response.statusCode !== 201) throw new Error(`user-zones: HTTP ${response.statusCode} ${response.body}`);
  return cookie;
}

/** `POST /api/export` of the 11e with every metric, in process, per format: p50 / p95 after one warm-up. */
async function serverRows(name: string, database: Database): Promise<{ rows: Row[]; cookie: string }> {
  const app = await buildApp(
    { database, config: loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' }) },
    { logger: false },
  );
  const rows: Row[] = [];
  try {
    const cookie = await proUserWithEleventh(database, app);
    // As the panel does on opening: reading the catalogue starts the file-building thread.
    await app.inject({ method: 'GET', url: '/api/export/metrics' });
    const metricIds = METRIC_CATALOGUE.map((metric) => metric.id);
    for (const format of ['csv', 'xlsx', 'pdf'] as const) {
      const once = async () => {
        const response = await app.inject({
          method: 'POST',
          url: '/api/export',
          headers: { cookie },
          payload: { zone_ids: [ZONE_ID], metric_ids: metricIds, format },
        });
        if (response.statusCode !== 200) throw new Error(`export ${format}: HTTP ${response.statusCode}`);
        return response.rawPayload.length;
      };
      const measure = async (clearFigures: boolean) => {
        const times: number[] = [];
        for (let run = 0; run < RUNS[format]; run += 1) {
          if (clearFigures) exportFiguresCacheFor(database).clear();
          const startedAt = performance.now();
          await once();
          times.push(performance.now() - startedAt);
        }
        return times;
      };
      exportFiguresCacheFor(database).clear();
      const warmStartedAt = performance.now();
      const bytes = await once();
      const warmMs = performance.now() - warmStartedAt;
      for (const [clearFigures, label] of [
        [true, 'figures computed'],
        [false, 'study exported again'],
      ] as const) {
        const times = await measure(clearFigures);
        rows.push([
          `${format.toUpperCase()} — ${name}, ${label}`,
          `${METRIC_CATALOGUE.length} metrics, ${Math.round(bytes / 1024)} KiB`,
          clearFigures ? formatMs(warmMs) : '—',
          formatMs(quantile(times, 0.5)),
          formatMs(quantile(times, 0.95)),
          times.length,
          TARGETS[format],
        ]);
      }
    }
    return { rows, cookie };
  } finally {
    await app.close();
  }
}

/**
 * The panel in Chromium against the server process (PGlite): every metric checked, each format exported
 * through the button until 'Fichier téléchargé'; main-thread long tasks recorded from the click to the end.
 */
async function browserRows(context: BenchContext, cookie: string): Promise<Row[]> {
  const server = await startDemoServer(context, PORT, { MAIL_CATCHER_PORT: '0' });
  const browser = await launchBenchBrowser();
  try {
    const [cookieName, cookieValue] = cookie.split('=') as [string, string];
    const browserContext = await browser.newContext({
      viewport: { width: 1440, height: 900 },
      locale: 'fr-FR',
      acceptDownloads: true,
    });
    await browserContext.addCookies([{ name: cookieName, value: cookieValue, url: server.baseUrl }]);
    const page = await browserContext.newPage();
    await recordLongTasksInPage(page);
    await page.goto(`${server.baseUrl}/map`);
    await page.waitForFunction(() => performance.getEntriesByName('zonalyse:map-first-idle').length > 0, undefined, {
      timeout: 120_000,
    });
    // The saved zone, loaded from the server for the signed-in user, selected as the zone list does.
    await page.waitForFunction(
      (id) =>
        (
          window as unknown as { __zonalyseStore: { getState(): { zones: { zones: { id: string }[] } } } }
        ).__zonalyseStore
          .getState()
          .zones.zones.some((zone) => zone.id === id),
      ZONE_ID,
      { timeout: 60_000 },
    );
    await page.evaluate((id) => {
      (window as unknown as { __zonalyseStore: { dispatch(action: object): void } }).__zonalyseStore.dispatch({
        type: 'layout/zoneSelectionToggled',
        payload: id,
      });
    }, ZONE_ID);
    await page
      .getByRole('navigation', { name: 'Barre d’outils' })
      .getByRole('button', { name: 'Export', exact: true })
      .click();
    const panel = page.getByRole('region', { name: 'Exporter les données', exact: true });
    // Every metric of the catalogue; the special entries (the map captured) are measured apart below.
    await panel.getByRole('checkbox', { name: 'Tout sélectionner' }).check();
    await panel.getByRole('checkbox', { name: 'Spéciales', exact: true }).uncheck();
    await page.waitForTimeout(2_000);
    const rows: Row[] = [];
    const measure = async (format: BenchFormat, label: string) => {
      await panel.getByRole('radio', { name: FORMAT_LABELS[format] }).check();
      const times: number[] = [];
      const tasks: number[] = [];
      const scripts: { duration: number; label: string }[] = [];
      for (let run = 0; run < BROWSER_RUNS; run += 1) {
        const startedAt = await page.evaluate(() => performance.now());
        const downloaded = page.waitForEvent('download', { timeout: 120_000 });
        await panel.getByRole('button', { name: /^Exporter \(\d+ métrique\(s\)\)$/ }).click();
        await (await downloaded).path();
        await panel.getByRole('status').filter({ hasText: 'Fichier téléchargé' }).waitFor();
        const result = await page.evaluate((since) => {
          const now = performance.now();
          const window_ = window as unknown as {
            __longTasks: { start: number; duration: number }[];
            __frameScripts: { start: number; duration: number; label: string }[];
          };
          return {
            elapsed: now - since,
            tasks: window_.__longTasks.filter((task) => task.start >= since).map((task) => task.duration),
            scripts: window_.__frameScripts.filter((script) => script.start >= since),
          };
        }, startedAt);
        times.push(result.elapsed);
        tasks.push(...result.tasks);
        scripts.push(...result.scripts);
      }
      const longest = (mapFrames: boolean) => {
        const found = scripts
          .filter((script) => mapFrames === script.label.startsWith('FrameRequestCallback'))
          .sort((a, b) => b.duration - a.duration)[0];
        return found ? `${formatMs(found.duration)}, ${found.label}` : '—';
      };
      const over = tasks.filter((duration) => duration > LONG_TASK_TARGET_MS);
      rows.push([
        label,
        formatMs(quantile(times, 0.5)),
        formatMs(Math.max(...times)),
        BROWSER_RUNS,
        `${tasks.length} / ${tasks.length ? formatMs(Math.max(...tasks)) : '—'}`,
        longest(false),
        longest(true),
        over.length === 0 ? 'yes' : `no (${over.length})`,
      ]);
    };
    for (const format of ['csv', 'xlsx', 'pdf'] as const) await measure(format, format.toUpperCase());
    // The same redraw of the map the capture asks for, without any capture: what software WebGL costs alone.
    const redraw = await page.evaluate(async (runs) => {
      const window_ = window as unknown as {
        __zonalyseMap: { map: { once(event: string, listener: () => void): void; triggerRepaint(): void } };
        __longTasks: { start: number; duration: number }[];
        __frameScripts: { start: number; duration: number; label: string }[];
      };
      const since = performance.now();
      for (let run = 0; run < runs; run += 1) {
        await new Promise<void>((done) => {
          window_.__zonalyseMap.map.once('render', done);
          window_.__zonalyseMap.map.triggerRepaint();
        });
        await new Promise((done) => setTimeout(done, 300));
      }
      return {
        tasks: window_.__longTasks.filter((task) => task.start >= since).map((task) => task.duration),
        scripts: window_.__frameScripts.filter((script) => script.start >= since),
      };
    }, BROWSER_RUNS);
    const redrawFrame = redraw.scripts.sort((a, b) => b.duration - a.duration)[0];
    rows.push([
      'the map redrawn alone (no export, no capture)',
      '—',
      '—',
      BROWSER_RUNS,
      `${redraw.tasks.length} / ${redraw.tasks.length ? formatMs(Math.max(...redraw.tasks)) : '—'}`,
      '—',
      redrawFrame ? `${formatMs(redrawFrame.duration)}, ${redrawFrame.label}` : '—',
      'not ours',
    ]);
    await panel.getByRole('checkbox', { name: 'Spéciales', exact: true }).check();
    await measure('pdf', 'PDF + vue de la carte et choroplèthe (spéciales)');
    await browserContext.close();
    return rows;
  } finally {
    await browser.close();
    await server.stop();
  }
}

/** Export of the 11e with every metric: CSV, XLSX, PDF on both databases, then the panel in Chromium. */
export const exportBenchmark: Benchmark = {
  name: 'export',
  title: 'Export: CSV, XLSX and PDF of the 11e with every metric',
  async run(context) {
    // As the server opens it (no parallel workers when serving).
    const postgres = await openPostgres({
      connectionString: context.postgresUrl,
      maxConnections: 4,
      parallelWorkersPerGather: 0,
    });
    let rows: Row[];
    try {
      rows = (await serverRows('PostgreSQL', postgres)).rows;
    } finally {
      await postgres.close();
    }
    const pglite = await openPglite({ dataDirectory: context.pgliteDataDirectory });
    let cookie: string;
    try {
      const result = await serverRows('PGlite', pglite);
      rows.push(...result.rows);
      cookie = result.cookie;
    } finally {
      await pglite.close();
    }
    const browser = await browserRows(context, cookie);
    return [
      `\`POST /api/export\` in process (\`app.inject\`, the whole route: session, tier gate and usage count,`,
      `the domain services' answers for the 11e arrondissement, the file): a Pro user's saved 11e zone, all`,
      `${METRIC_CATALOGUE.length} metrics of the catalogue. The first call (warm-up: the street graph and the walking`,
      'times to every public service, shared with the public-services endpoint) is shown apart; p50 / p95 of the next',
      'ones, « figures computed » with the export’s figures cache cleared before each call (every domain service',
      'asked again; their own caches — establishments, département medians, walking times — kept), « study',
      'exported again » reading it (the same zone, tier and kinds of metrics while the loaded datasets stay the',
      'same). Workbooks and PDFs are built in the export worker thread, the CSV inline.',
      '',
      markdownTable(['file', 'detail', 'first call', 'p50', 'p95', 'runs', 'target'], rows),
      '',
      'The Export panel in Debian Chromium against the server process (PGlite), the 11e selected, every',
      'metric checked: click on « Exporter » until « Fichier téléchargé » (request, file built, streamed with',
      'its progress, saved as a download). Long tasks (> 50 ms, PerformanceObserver `longtask`) on the main',
      'thread from the click to the end: count / longest. Target: none. The scripts of the long animation frames',
      '(`long-animation-frame`) say who ran: our own (the click, the saga, the capture’s callbacks, the download)',
      'apart from MapLibre’s frame callbacks (`FrameRequestCallback`), which draw the map by software WebGL',
      '(SwiftShader) on the main thread here. The row « redrawn alone » asks the map for one frame without any',
      'export; the last row adds the special entries: the map is redrawn once and its canvas read back',
      '(`MapController.snapshot`).',
      '',
      markdownTable(
        [
          'format',
          'click → downloaded p50',
          'max',
          'runs',
          'long tasks (n / max)',
          'longest script of ours (long animation frames)',
          'longest map frame (MapLibre, software WebGL)',
          'target met',
        ],
        browser,
      ),
    ].join('\n');
  },
};
