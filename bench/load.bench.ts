import { monitorEventLoopDelay } from 'node:perf_hooks';
import autocannon from 'autocannon';
import pg from 'pg';
import { tileAt } from '../server/tiles/TileAddress';
import type { Benchmark } from './support/BenchContext';
import { CpuMeter } from './support/processCpu';
import { startServer, type StartedServer } from './support/serverProcess';
import { formatMs, markdownTable, quantile } from './support/statistics';
import { PARIS, tilesOver } from './tiles.bench';

const PORT = Number(process.env.LOAD_BENCH_PORT ?? 5301);
/** Seconds per concurrency step of the saturation search. */
const STEP_SECONDS = Number(process.env.LOAD_STEP_SECONDS ?? 4);
/** Seconds of the simulated users' run. */
const USERS_SECONDS = Number(process.env.LOAD_USERS_SECONDS ?? 60);
const CONNECTION_STEPS = [1, 2, 4, 8, 16, 32, 64, 128];
const P99_LIMIT_MS = 1000;
/** Think time between two actions of a simulated user: 3 s ± 50 %. */
const THINK_MS = 3000;

type Ring = [number, number][];

/** A disc of `radiusMeters` around a point, as a walk isochrone of the journeys (24 vertices). */
function disc(longitude: number, latitude: number, radiusMeters: number): { type: 'Polygon'; coordinates: Ring[] } {
  const ring: Ring = [];
  for (let index = 0; index < 24; index += 1) {
    const angle = (index / 24) * 2 * Math.PI;
    ring.push([
      longitude + (radiusMeters / 73_200) * Math.cos(angle),
      latitude + (radiusMeters / 111_200) * Math.sin(angle),
    ]);
  }
  ring.push(ring[0] as [number, number]);
  return { type: 'Polygon', coordinates: [ring] };
}

/** The 10-minute walk stand-in around République of the real-estate bench and the journeys. */
const REPUBLIQUE = disc(2.3699, 48.8675, 700);

interface Endpoint {
  label: string;
  requests: autocannon.Request[];
}

const json = (path: string, body: unknown, accept = 'application/json'): autocannon.Request => ({
  method: 'POST',
  path,
  headers: { 'content-type': 'application/json', accept },
  body: JSON.stringify(body),
});

const ENDPOINTS: Endpoint[] = [
  {
    label: 'demographics analyze, 10-min walk zone (Arrow)',
    requests: [
      json(
        '/api/v1/userzone-demographics/analyze',
        { zone: { kind: 'geometry', geometry: REPUBLIQUE } },
        'application/vnd.apache.arrow.stream',
      ),
    ],
  },
  {
    label: 'real-estate zone-statistics, 11e (200-lot sample)',
    requests: [
      json('/api/v1/real-estate/zone-statistics', {
        zone: { kind: 'territory', level: 'commune', code: '75111' },
        include_temporal: true,
        temporal_granularity: 'month',
        include_sample_transactions: true,
        sample_size: 200,
      }),
    ],
  },
  {
    label: 'businesses zone-statistics, 10-min walk zone',
    requests: [json('/api/v1/business/zone-statistics', { geometry: REPUBLIQUE, include_inactive: false })],
  },
  {
    label: 'public-services zone-analysis, 10-min walk zone',
    requests: [json('/api/public-services/zone-analysis', { zone: { kind: 'geometry', geometry: REPUBLIQUE } })],
  },
  {
    label: 'IRIS tiles z14 (40 tiles over Paris, memory cache)',
    requests: tilesOver(14, PARIS, 40).map((tile) => ({
      method: 'GET',
      path: `/api/iris/static-tiles/${tile.z}/${tile.x}/${tile.y}.mvt`,
    })),
  },
];

interface Step {
  connections: number;
  requestsPerSecond: number;
  p99: number;
  errors: number;
  cpuMsPerRequest: number;
}

async function runStep(server: StartedServer, meter: CpuMeter, endpoint: Endpoint, connections: number) {
  meter.start();
  const result = await autocannon({
    url: server.baseUrl,
    connections,
    duration: STEP_SECONDS,
    requests: endpoint.requests,
    timeout: 30,
  });
  const cpuMs = meter.stop();
  const answered = result.requests.total;
  return {
    connections,
    requestsPerSecond: answered / STEP_SECONDS,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx + result.timeouts,
    cpuMsPerRequest: answered > 0 ? cpuMs / answered : Number.NaN,
  } satisfies Step;
}

/** Steps of concurrency until p99 passes one second: the last step within it is the saturation throughput. */
async function saturation(server: StartedServer, meter: CpuMeter, endpoint: Endpoint): Promise<Step[]> {
  const warm = await autocannon({ url: server.baseUrl, connections: 1, amount: 3, requests: endpoint.requests });
  if (warm.non2xx > 0 || warm.errors > 0) throw new Error(`${endpoint.label}: warm-up answered errors`);
  const steps: Step[] = [];
  for (const connections of CONNECTION_STEPS) {
    const step = await runStep(server, meter, endpoint, connections);
    steps.push(step);
    if (step.p99 > P99_LIMIT_MS || step.errors > 0) break;
  }
  return steps;
}

type Action = (typeof ACTIONS)[number];

interface UsersRun {
  users: number;
  latencies: Map<Action, number[]>;
  errors: number;
  requests: number;
  cpuMs: number;
  /** CPU of the server's processes and of the PostgreSQL backends, ms. */
  serverCpuMs: number;
  databaseCpuMs: number;
  /** CPU of the load generator (this process), ms, and the delay of its event loop (p99, ms). */
  generatorCpuMs: number;
  generatorLoopDelayP99: number;
  /** Busy PostgreSQL backends of the bench database, sampled every 200 ms: mean and most. */
  activeBackends?: { mean: number; most: number };
}

/** Counts the busy backends of `database` every 200 ms (what the pool keeps running at once). */
function sampleActiveBackends(postgresUrl: string, database: string) {
  const client = new pg.Client({ connectionString: postgresUrl });
  const counts: number[] = [];
  let timer: NodeJS.Timeout | undefined;
  const started = client.connect().then(() => {
    timer = setInterval(() => {
      void client
        .query<{ active: number }>(
          `SELECT count(*)::int AS active FROM pg_stat_activity
           WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid()`,
          [database],
        )
        .then(({ rows }) => counts.push(rows[0]?.active ?? 0));
    }, 200);
  });
  return async () => {
    await started;
    clearInterval(timer);
    await client.end();
    const mean = counts.reduce((sum, count) => sum + count, 0) / Math.max(1, counts.length);
    return { mean, most: Math.max(0, ...counts) };
  };
}

const randomIn = (low: number, high: number) => low + Math.random() * (high - low);
const think = () => new Promise((done) => setTimeout(done, THINK_MS * randomIn(0.5, 1.5)));

const ACTIONS = ['pan (12 tiles)', 'analyse zone', 'real estate', 'businesses', 'save zone'] as const;

/** Where a simulated user looks: a 700 m disc around a random point of Paris. */
interface Place {
  longitude: number;
  latitude: number;
  zone: ReturnType<typeof disc>;
}

function randomPlace(): Place {
  const longitude = randomIn(2.28, 2.41);
  const latitude = randomIn(48.83, 48.89);
  return { longitude, latitude, zone: disc(longitude, latitude, 700) };
}

/**
 * What a user does, one function per action, each giving the responses it waited for: pan the map
 * (12 z14 tiles, IRIS and basemap, in parallel), analyse the zone (demographics, Arrow), open real
 * estate, open businesses, save the zone (anonymous cookie kept between saves).
 */
function userActions(baseUrl: string, index: number): Record<Action, (place: Place) => Promise<Response[]>> {
  let cookie = '';
  const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
    fetch(`${baseUrl}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    });
  const reference = (place: Place) => ({ kind: 'geometry', geometry: place.zone });
  return {
    'pan (12 tiles)': ({ longitude, latitude }) => {
      const centre = tileAt(longitude, latitude, 14);
      return Promise.all(
        ['/api/iris/static-tiles', '/api/basemap'].flatMap((tileset) =>
          [-1, 0, 1].flatMap((dx) =>
            [0, 1].map((dy) => fetch(`${baseUrl}${tileset}/14/${centre.x + dx}/${centre.y + dy}.mvt`)),
          ),
        ),
      );
    },
    'analyse zone': async (place) => [
      await post(
        '/api/v1/userzone-demographics/analyze',
        { zone: reference(place) },
        { accept: 'application/vnd.apache.arrow.stream' },
      ),
    ],
    'real estate': async (place) => [
      await post('/api/v1/real-estate/zone-statistics', {
        zone: reference(place),
        include_temporal: true,
        temporal_granularity: 'month',
        include_sample_transactions: true,
        sample_size: 200,
      }),
    ],
    businesses: async (place) => [
      await post('/api/v1/business/zone-statistics', { geometry: place.zone, include_inactive: false }),
    ],
    'save zone': async ({ longitude, latitude, zone }) => {
      const response = await post(
        '/api/user-zones',
        {
          id: `load-user-${index}`,
          name: `Zone de charge ${index}`,
          coordinates: [longitude, latitude],
          transportMode: 'walking',
          travelTime: 10,
          geometry: { type: 'Feature', geometry: zone, properties: {} },
        },
        cookie ? { cookie } : {},
      );
      cookie = response.headers.get('set-cookie')?.split(';')[0] ?? cookie;
      return [response];
    },
  };
}

interface CycleRow {
  action: Action;
  serverMs: number;
  databaseMs: number;
  medianMs: number;
}

/** New places each action is done for, uncounted, before its CPU is: the server's code compiled, as it is after a while. */
const CYCLE_WARMUP_ZONES = 10;

/**
 * CPU of one user cycle: each action done for `zones` new places one at a time (nothing else asks the
 * server meanwhile), after a warm-up on other places, the server's and the PostgreSQL backends' CPU
 * over them divided by `zones`.
 */
async function cycleCpu(server: StartedServer, meter: CpuMeter, zones: number): Promise<CycleRow[]> {
  const places = Array.from({ length: zones }, randomPlace);
  const actions = userActions(server.baseUrl, 0);
  const rows: CycleRow[] = [];
  for (const action of ACTIONS) {
    for (const place of Array.from({ length: CYCLE_WARMUP_ZONES }, randomPlace)) {
      const responses = await actions[action](place);
      await Promise.all(responses.map((response) => response.arrayBuffer()));
    }
  }
  for (const action of ACTIONS) {
    const times: number[] = [];
    meter.start();
    for (const place of places) {
      const startedAt = performance.now();
      const responses = await actions[action](place);
      await Promise.all(responses.map((response) => response.arrayBuffer()));
      times.push(performance.now() - startedAt);
      const failed = responses.find((response) => !response.ok);
      if (failed) throw new Error(`${action}: HTTP ${failed.status}`);
    }
    const split = meter.stopSplit();
    rows.push({
      action,
      serverMs: split.server / zones,
      databaseMs: split.database / zones,
      medianMs: quantile(times, 0.5),
    });
  }
  return rows;
}

function cycleRows(engine: string, rows: CycleRow[]): (string | number)[][] {
  const total = (row: { serverMs: number; databaseMs: number }) => row.serverMs + row.databaseMs;
  const sum = rows.reduce(
    (all, row) => ({ serverMs: all.serverMs + row.serverMs, databaseMs: all.databaseMs + row.databaseMs }),
    {
      serverMs: 0,
      databaseMs: 0,
    },
  );
  return [
    ...rows.map((row) => [
      engine,
      row.action,
      row.serverMs.toFixed(1),
      row.databaseMs.toFixed(1),
      total(row).toFixed(1),
      formatMs(row.medianMs),
    ]),
    [
      engine,
      '**one cycle**',
      `**${sum.serverMs.toFixed(1)}**`,
      `**${sum.databaseMs.toFixed(1)}**`,
      `**${total(sum).toFixed(1)}**`,
      '',
    ],
  ];
}

/**
 * `users` simulated users for `seconds`, each in a loop: pan the map (12 z14 tiles, IRIS and basemap, in
 * parallel), analyse a 700 m zone around a random point of Paris (demographics), open real estate, open
 * businesses, save the zone (anonymous cookie), with a think time of 3 s ± 50 % before each action.
 */
async function simulateUsers(
  server: StartedServer,
  meter: CpuMeter,
  users: number,
  seconds: number,
  postgres?: { url: string; database: string },
) {
  const run: UsersRun = {
    users,
    latencies: new Map(),
    errors: 0,
    requests: 0,
    cpuMs: 0,
    serverCpuMs: 0,
    databaseCpuMs: 0,
    generatorCpuMs: 0,
    generatorLoopDelayP99: 0,
  };
  const endAt = Date.now() + seconds * 1000;
  const timed = async (action: Action, work: () => Promise<Response[]>) => {
    if (Date.now() >= endAt) return;
    const startedAt = performance.now();
    try {
      const responses = await work();
      await Promise.all(responses.map((response) => response.arrayBuffer()));
      run.requests += responses.length;
      run.errors += responses.filter((response) => !response.ok).length;
    } catch {
      run.requests += 1;
      run.errors += 1;
    }
    const list = run.latencies.get(action) ?? [];
    list.push(performance.now() - startedAt);
    run.latencies.set(action, list);
  };
  const user = async (index: number) => {
    const actions = userActions(server.baseUrl, index);
    await new Promise((done) => setTimeout(done, Math.random() * THINK_MS));
    while (Date.now() < endAt) {
      const place = randomPlace();
      for (const action of ACTIONS) {
        await timed(action, () => actions[action](place));
        await think();
      }
    }
  };
  const stopSampling = postgres ? sampleActiveBackends(postgres.url, postgres.database) : undefined;
  const loopDelay = monitorEventLoopDelay({ resolution: 10 });
  loopDelay.enable();
  const generatorBefore = process.cpuUsage();
  meter.start();
  await Promise.all(Array.from({ length: users }, (_, index) => user(index)));
  const split = meter.stopSplit();
  const generator = process.cpuUsage(generatorBefore);
  loopDelay.disable();
  run.serverCpuMs = split.server;
  run.databaseCpuMs = split.database;
  run.cpuMs = split.server + split.database;
  run.generatorCpuMs = (generator.user + generator.system) / 1000;
  run.generatorLoopDelayP99 = loopDelay.percentile(99) / 1e6;
  if (stopSampling) run.activeBackends = await stopSampling();
  return run;
}

const allLatencies = (run: UsersRun) => [...run.latencies.values()].flat();

function usersRows(engine: string, run: UsersRun, seconds: number): (string | number)[][] {
  const cores = (milliseconds: number) => (milliseconds / (seconds * 1000)).toFixed(2);
  const rows: (string | number)[][] = [...run.latencies].map(([action, values]) => [
    engine,
    run.users,
    action,
    values.length,
    formatMs(quantile(values, 0.5)),
    formatMs(quantile(values, 0.95)),
    formatMs(quantile(values, 0.99)),
    '',
  ]);
  const all = allLatencies(run);
  rows.push([
    engine,
    run.users,
    '**all actions**',
    all.length,
    formatMs(quantile(all, 0.5)),
    formatMs(quantile(all, 0.95)),
    `**${formatMs(quantile(all, 0.99))}**`,
    [
      `${run.errors} / ${run.requests} requests; ${(run.requests / seconds).toFixed(0)} req/s`,
      `CPU ${cores(run.cpuMs)} cores (server ${cores(run.serverCpuMs)}${run.activeBackends ? `, PostgreSQL ${cores(run.databaseCpuMs)}` : ''})`,
      `generator ${cores(run.generatorCpuMs)} cores, its event-loop delay p99 ${formatMs(run.generatorLoopDelayP99)}`,
      ...(run.activeBackends
        ? [`busy backends mean ${run.activeBackends.mean.toFixed(1)}, most ${run.activeBackends.most}`]
        : []),
    ].join('; '),
  ]);
  return rows;
}

/**
 * Load on loopback (server, database and load generator on the same machine): the saturation
 * throughput of each heavy endpoint on both databases (the last concurrency step whose p99 stays
 * within one second) with the CPU it costs per request, then simulated users doing what a user does.
 */
export const loadBenchmark: Benchmark = {
  name: 'load',
  title: 'Load: saturation of the heavy endpoints and simulated users',
  async run(context) {
    const saturationRows: (string | number)[][] = [];
    const userRows: (string | number)[][] = [];
    const cycleTable: (string | number)[][] = [];
    const cycleZones = Number(process.env.LOAD_CYCLE_ZONES ?? 30);
    const skipUsers = Boolean(process.env.LOAD_SKIP_USERS);
    const postgresDatabase = new URL(context.postgresUrl).pathname.slice(1);
    const selected = (process.env.LOAD_DATABASES ?? 'pglite,postgresql').split(',');
    const allEngines: { name: string; environment: Record<string, string>; postgres: string | undefined }[] = [
      { name: 'PGlite', environment: { DATA_DIR: context.pgliteDataDirectory, DATABASE_URL: '' }, postgres: undefined },
      { name: 'PostgreSQL', environment: { DATABASE_URL: context.postgresUrl }, postgres: postgresDatabase },
    ];
    const engines = allEngines.filter((engine) => selected.includes(engine.name.toLowerCase()));
    const endpoints = process.env.LOAD_SKIP_SATURATION ? [] : ENDPOINTS;
    const pgliteUserCounts = (process.env.LOAD_PGLITE_USERS ?? '25,50,100,200').split(',').map(Number);
    for (const engine of engines) {
      const server = await startServer(
        {
          ...engine.environment,
          OPENDATA_DIR: context.openDataDirectory,
          AUTO_IMPORT: 'false',
          TILE_CACHE_DIR: 'off',
          ANONYMOUS_ZONE_LIMIT: '1',
        },
        PORT,
      );
      const serverPid = server.process.pid;
      if (serverPid === undefined) throw new Error('server without pid');
      const meter = new CpuMeter(serverPid, engine.postgres);
      try {
        await fetch(`${server.baseUrl}/api/basemap/style.json`);
        for (const endpoint of endpoints) {
          console.log(`  ${engine.name} — ${endpoint.label}`);
          const steps = await saturation(server, meter, endpoint);
          const within = steps.filter((step) => step.p99 <= P99_LIMIT_MS && step.errors === 0);
          const best = within.reduce<Step | undefined>(
            (top, step) => (!top || step.requestsPerSecond > top.requestsPerSecond ? step : top),
            undefined,
          );
          const crossing = steps.find((step) => step.p99 > P99_LIMIT_MS || step.errors > 0);
          saturationRows.push([
            engine.name,
            endpoint.label,
            best
              ? `**${best.requestsPerSecond.toFixed(1)}** (${best.connections} conn., p99 ${formatMs(best.p99)})`
              : '—',
            crossing
              ? `${crossing.connections} conn.: ${crossing.requestsPerSecond.toFixed(1)} req/s, p99 ${formatMs(crossing.p99)}${crossing.errors ? `, ${crossing.errors} errors` : ''}`
              : `not crossed at ${CONNECTION_STEPS.at(-1)} conn.`,
            best ? formatMs(best.cpuMsPerRequest) : '—',
          ]);
        }
        if (cycleZones > 0) {
          console.log(`  ${engine.name} — CPU of one user cycle, ${cycleZones} new zones per action`);
          cycleTable.push(...cycleRows(engine.name, await cycleCpu(server, meter, cycleZones)));
        }
        if (skipUsers) continue;
        if (engine.postgres) {
          console.log(`  ${engine.name} — 200 users, ${USERS_SECONDS} s`);
          userRows.push(
            ...usersRows(
              engine.name,
              await simulateUsers(server, meter, 200, USERS_SECONDS, {
                url: context.postgresUrl,
                database: engine.postgres,
              }),
              USERS_SECONDS,
            ),
          );
        } else {
          const seconds = Math.min(30, USERS_SECONDS);
          for (const users of pgliteUserCounts) {
            console.log(`  ${engine.name} — ${users} users, ${seconds} s`);
            const run = await simulateUsers(server, meter, users, seconds);
            userRows.push(...usersRows(engine.name, run, seconds));
            if (quantile(allLatencies(run), 0.99) > P99_LIMIT_MS || run.errors > 0) break;
          }
        }
      } finally {
        await server.stop();
      }
    }
    return [
      markdownTable(
        [
          'Database',
          'Endpoint (same request repeated)',
          'Saturation req/s (p99 ≤ 1 s)',
          'First step past p99 1 s',
          'CPU per request (app + database)',
        ],
        saturationRows,
      ),
      '',
      `autocannon on loopback, concurrency ${CONNECTION_STEPS.join(', ')} for ${STEP_SECONDS} s each, stopped at the first step`,
      'whose p99 passes 1 s (or with an error). CPU per request: user + system time of the server process tree (every',
      'thread, so the PGlite worker) plus, on PostgreSQL, the backends of the bench database, over the step, divided by',
      'the answers of the step. Server, database and load generator share the same 2 cores.',
      '',
      markdownTable(['Database', 'Users', 'Action', 'Count', 'p50', 'p95', 'p99', 'Errors, throughput, CPU'], userRows),
      '',
      `Simulated users (fetch from the bench process): each in a loop pans the map (12 z14 tiles, IRIS and basemap,`,
      'in parallel), analyses a 700 m disc around a random point of Paris (demographics, Arrow), opens real estate',
      '(200-lot sample) and businesses on it, and saves it as an anonymous visitor, with a think time of 3 s ± 50 %',
      `before each action; users start spread over the first think time. PostgreSQL: 200 users for ${USERS_SECONDS} s.`,
      `PGlite: ${pgliteUserCounts.join(', ')} users for ${Math.min(30, USERS_SECONDS)} s each, stopped at the first`,
      'count whose p99 passes 1 s. Latency of a pan is the time until its 12 tiles have arrived. CPU: the server',
      'process tree and the PostgreSQL backends of the bench database; generator: the bench process itself (its CPU',
      'and the delay of its event loop, which adds to every latency it measures); busy backends: `pg_stat_activity`',
      'sampled every 200 ms (the pool holds 10 connections).',
      '',
      markdownTable(
        ['Database', 'Action', 'Server (Node) ms', 'PostgreSQL ms', 'Total CPU ms', 'Median wall ms'],
        cycleTable,
      ),
      '',
      `CPU of one user cycle: each action for ${cycleZones} new 700 m discs in turn (after ${CYCLE_WARMUP_ZONES} others, uncounted, so that`,
      'the server runs compiled code as it does after a while), one request (or one pan) at a time,',
      'the CPU of the server process tree and of the PostgreSQL backends over them divided by their number (CPU',
      'time, so little moved by the machine’s load; `/proc` counts in 10 ms ticks per process).',
      '',
      'Reproduce: `OPENDATA_DIR=/work/shared/opendata npm run bench -- load` (whole run ≈ 8 min once the bench databases',
      'are prepared); `LOAD_DATABASES=postgresql` (or `pglite`) runs one database, `LOAD_SKIP_SATURATION=1` only the',
      'simulated users,',
      '`LOAD_SKIP_USERS=1` only the CPU of one user cycle (`LOAD_CYCLE_ZONES`, default 30; 0 skips it).',
    ].join('\n');
  },
};
