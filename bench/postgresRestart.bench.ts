import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { readdirSync } from 'node:fs';
import type { Benchmark } from './support/BenchContext';
import { startServer } from './support/serverProcess';
import { formatMs, markdownTable } from './support/statistics';

const PORT = Number(process.env.RESTART_BENCH_PORT ?? 5302);
/** Writers saving zones side by side, each as its own anonymous visitor. */
const WRITERS = 8;
/** Seconds of writes before the restart, and after it. */
const BEFORE_SECONDS = 5;
const AFTER_SECONDS = 15;
/** What the issue asks: the API answers again within this long after the restart began. */
const RECOVERY_LIMIT_MS = 10_000;

/** The local cluster's restart (Debian's wrapper), or `RESTART_COMMAND` (words separated by spaces). */
function restartCommand(): string[] {
  if (process.env.RESTART_COMMAND) return process.env.RESTART_COMMAND.split(' ');
  const [version] = readdirSync('/etc/postgresql');
  if (!version) throw new Error('aucun cluster dans /etc/postgresql : donner RESTART_COMMAND');
  return ['pg_ctlcluster', '--skip-systemctl-redirect', version, 'main', 'restart'];
}

/** A small square zone near the Place de la République, shifted per write. */
function zoneBody(id: string, index: number) {
  const x = 2.36 + (index % 50) * 0.0004;
  const y = 48.86 + Math.floor(index / 50) * 0.0004;
  const ring = [
    [x, y],
    [x + 0.002, y],
    [x + 0.002, y + 0.002],
    [x, y + 0.002],
    [x, y],
  ];
  return {
    id,
    name: `Zone ${id}`,
    coordinates: [x, y],
    transportMode: 'walking',
    travelTime: 10,
    geometry: { type: 'Feature', properties: {}, geometry: { type: 'Polygon', coordinates: [ring] } },
  };
}

interface Attempt {
  at: number;
  status: number;
}

/**
 * PostgreSQL restarted under a load of zone writes (the real cluster of this machine, `pg_ctlcluster …
 * restart`): how long the API fails, when it answers again by itself (the server is not restarted),
 * and whether every zone acknowledged (201) before, during or after is still there. Refuses to run on a
 * database that is not on this machine.
 */
export const postgresRestartBenchmark: Benchmark = {
  name: 'restart',
  title: 'Faults: PostgreSQL restarted under zone writes',
  onlyWhenNamed: true,
  async run(context) {
    const url = new URL(context.postgresUrl);
    if (!['127.0.0.1', 'localhost', '::1', ''].includes(url.hostname)) {
      throw new Error(`PostgreSQL ${url.hostname} n’est pas sur cette machine : pas de redémarrage`);
    }
    const server = await startServer(
      {
        DATABASE_URL: context.postgresUrl,
        OPENDATA_DIR: context.openDataDirectory,
        AUTO_IMPORT: 'false',
        TILE_CACHE_DIR: 'off',
        ANONYMOUS_ZONE_LIMIT: '100000',
      },
      PORT,
    );
    const started = performance.now();
    const now = () => performance.now() - started;
    const attempts: Attempt[] = [];
    const acknowledged = new Map<string, string[]>();
    const cookies: string[] = Array.from({ length: WRITERS }, () => '');
    let stopAt = Number.POSITIVE_INFINITY;
    let restartBegan = 0;
    let restartEnded = 0;
    try {
      const writer = async (writerIndex: number) => {
        for (let index = 0; now() < stopAt; index += 1) {
          const id = `restart-${writerIndex}-${index}`;
          let status = 0;
          try {
            const response = await fetch(`${server.baseUrl}/api/user-zones`, {
              method: 'POST',
              headers: {
                'content-type': 'application/json',
                ...(cookies[writerIndex] ? { cookie: cookies[writerIndex] } : {}),
              },
              body: JSON.stringify(zoneBody(id, index)),
              signal: AbortSignal.timeout(30_000),
            });
            status = response.status;
            await response.arrayBuffer();
            const cookie = response.headers.get('set-cookie')?.split(';')[0];
            if (cookie) cookies[writerIndex] = cookie;
            if (status === 201)
              acknowledged.set(cookies[writerIndex] as string, [
                ...(acknowledged.get(cookies[writerIndex] as string) ?? []),
                id,
              ]);
          } catch {
            status = 0;
          }
          attempts.push({ at: now(), status });
          if (status !== 201) await new Promise((done) => setTimeout(done, 100));
        }
      };
      const writers = Array.from({ length: WRITERS }, (_, index) => writer(index));
      await new Promise((done) => setTimeout(done, BEFORE_SECONDS * 1000));
      restartBegan = now();
      // Asynchronous: the writers go on sending while the cluster stops and starts.
      await promisify(execFile)(restartCommand()[0] as string, restartCommand().slice(1));
      restartEnded = now();
      stopAt = restartEnded + AFTER_SECONDS * 1000;
      await Promise.all(writers);

      // Every acknowledged zone, read back by its visitor.
      let missing = 0;
      let found = 0;
      for (const [cookie, ids] of acknowledged) {
        const response = await fetch(`${server.baseUrl}/api/user-zones`, { headers: { cookie } });
        const saved = new Set(((await response.json()) as { id: string }[]).map((zone) => zone.id));
        for (const id of ids) {
          if (saved.has(id)) found += 1;
          else missing += 1;
        }
      }
      const failed = attempts.filter((attempt) => attempt.status !== 201);
      const firstFailure = failed.find((attempt) => attempt.at >= restartBegan);
      const lastFailure = failed.at(-1);
      const backAt = lastFailure
        ? attempts.find((attempt) => attempt.status === 201 && attempt.at > lastFailure.at)
        : attempts.find((attempt) => attempt.status === 201 && attempt.at > restartEnded);
      const statuses = new Map<number, number>();
      for (const attempt of failed) statuses.set(attempt.status, (statuses.get(attempt.status) ?? 0) + 1);
      const recoveryMs = backAt ? backAt.at - restartBegan : Number.POSITIVE_INFINITY;
      return [
        markdownTable(
          [
            'Writes',
            'Acknowledged (201)',
            'Failed (status: count; 0 = no answer)',
            'Restart command',
            'Writes succeed again',
            'Acknowledged zones read back',
          ],
          [
            [
              attempts.length,
              attempts.length - failed.length,
              failed.length === 0
                ? '0'
                : `${failed.length} (${[...statuses].map(([status, count]) => `${status}: ${count}`).join(', ')}), first ${formatMs((firstFailure?.at ?? restartBegan) - restartBegan)} after the restart began`,
              formatMs(restartEnded - restartBegan),
              `${Number.isFinite(recoveryMs) ? formatMs(recoveryMs) : 'never'} after the restart began (limit ${RECOVERY_LIMIT_MS / 1000} s: ${recoveryMs <= RECOVERY_LIMIT_MS ? 'met' : 'NOT met'})`,
              `${found} / ${found + missing}${missing > 0 ? ` — **${missing} missing**` : ', none missing'}`,
            ],
          ],
        ),
        '',
        `${WRITERS} writers save new zones (each its own anonymous visitor, one at a time, 100 ms pause after a`,
        `failure) for ${BEFORE_SECONDS} s, then the machine's PostgreSQL cluster is restarted (\`${restartCommand().join(' ')}\`)`,
        `and the writes go on for ${AFTER_SECONDS} s; the server process is not restarted. Then every zone answered 201`,
        'is read back through `/api/user-zones` with its visitor cookie.',
        '',
        'Reproduce (restarts the local cluster: nothing else may be using it): `BENCH_DATABASE_URL=postgres://…',
        'OPENDATA_DIR=… npm run bench -- restart`.',
      ].join('\n');
    } finally {
      stopAt = 0;
      await server.stop();
    }
  },
};
