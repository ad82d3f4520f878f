import { formatMs, markdownTable } from './support/statistics';
import { measureLatency } from './support/measureLatency';
import { startServer } from './support/serverProcess';
import type { Benchmark } from './support/BenchContext';

const PORT = 3310;

/** Cold and warm start to the first `/api/health` answer, and health latency, on both databases. */
export const startupBenchmark: Benchmark = {
  name: 'startup',
  title: 'Start-up and health latency',
  async run(context) {
    const rows: (string | number)[][] = [];
    const engines: { name: string; environment: Record<string, string> }[] = [
      { name: 'PGlite (embedded)', environment: { DATA_DIR: context.pgliteDataDirectory, DATABASE_URL: '' } },
      { name: 'PostgreSQL 15', environment: { DATABASE_URL: context.postgresUrl } },
    ];
    for (const engine of engines) {
      const environment = { ...engine.environment, OPENDATA_DIR: context.openDataDirectory, AUTO_IMPORT: 'false' };
      const cold = await startServer(environment, PORT);
      await cold.stop();
      const warmRuns: number[] = [];
      for (let run = 0; run < 3; run += 1) {
        const warm = await startServer(environment, PORT);
        warmRuns.push(warm.startupMs);
        if (run < 2) await warm.stop();
        else {
          const latency = await measureLatency(`${warm.baseUrl}/api/health`, { connections: 4, durationSeconds: 5 });
          await warm.stop();
          rows.push([
            engine.name,
            formatMs(cold.startupMs),
            formatMs(Math.min(...warmRuns)),
            formatMs(latency.p50),
            formatMs(latency.p95),
            Math.round(latency.requestsPerSecond),
            latency.errors,
          ]);
        }
      }
    }
    return [
      'Process start (Node + tsx + database open + migrations check) to the first `/api/health` answer, with',
      'the demo territory already imported. Cold = first start after the database was prepared; warm = best',
      'of 3 restarts. Latency: autocannon, 4 connections, 5 s, on `/api/health` (one PostGIS call and the',
      'datasets list). p95 is autocannon’s p97.5. Target: ≤ 8 s to first answer.',
      '',
      markdownTable(['database', 'cold start', 'warm start', 'health p50', 'health p95', 'req/s', 'errors'], rows),
    ].join('\n');
  },
};
