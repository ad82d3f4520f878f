import { randomUUID } from 'node:crypto';
import { cpus, loadavg } from 'node:os';
import type { FastifyInstance } from 'fastify';
import { deleteUser, insertUser } from '../server/account/accountRepository';
import { hashPassword, PASSWORD_HASH_PARAMETERS } from '../server/account/passwordHashing';
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';
import type { Database } from '../server/db/Database';
import { migrate } from '../server/db/migrate';
import { openPglite } from '../server/db/openPglite';
import { openPostgres } from '../server/db/openPostgres';
import type { Benchmark } from './support/BenchContext';
import { formatMs, markdownTable, quantile } from './support/statistics';

const PASSWORD = 'phrase de passe du banc d’essai';
/** Ten users, four logins each: under the per-address limit (50 in 15 min) and the per-e-mail one (5). */
const USERS = 10;
const LOGINS_PER_USER = 4;
const SESSION_CHECKS = 400;

async function timedRequests(count: number, request: () => Promise<void>): Promise<number[]> {
  await request(); // warm-up
  const times: number[] = [];
  for (let index = 0; index < count; index += 1) {
    const startedAt = performance.now();
    await request();
    times.push(performance.now() - startedAt);
  }
  return times;
}

async function measure(database: Database, engine: string): Promise<(string | number)[][]> {
  const app: FastifyInstance = await buildApp(
    { database, config: loadConfig({ LOG_LEVEL: 'silent', TILE_CACHE_DIR: 'off' }) },
    { logger: false },
  );
  const users: { id: string; email: string }[] = [];
  const rows: (string | number)[][] = [];
  const add = (label: string, times: number[], target: string) =>
    rows.push([engine, label, formatMs(quantile(times, 0.5)), formatMs(quantile(times, 0.95)), times.length, target]);
  try {
    const passwordHash = await hashPassword(PASSWORD);
    for (let index = 0; index < USERS; index += 1) {
      const user = { id: randomUUID(), email: `banc-${randomUUID()}@exemple.test` };
      await insertUser(database, { ...user, passwordHash, firstName: null, lastName: null });
      users.push(user);
    }
    const login = async (email: string) => {
      const response = await app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email, password: PASSWORD },
      });
      if (response.statusCode !== 200) throw new Error(`login: HTTP ${response.statusCode} ${response.body}`);
      return response;
    };
    const loginTimes: number[] = [];
    for (const user of users) {
      for (let index = 0; index < LOGINS_PER_USER; index += 1) {
        const startedAt = performance.now();
        await login(user.email);
        loginTimes.push(performance.now() - startedAt);
      }
    }
    add('POST /api/auth/login (Argon2id verify + session insert)', loginTimes, '—');

    const first = users[0];
    if (!first) throw new Error('aucun utilisateur');
    const cookie = (await login(first.email)).cookies.map((entry) => `${entry.name}=${entry.value}`).join('; ');
    const me = (headers: Record<string, string>) => async () => {
      const response = await app.inject({ url: '/api/auth/me', headers });
      if (response.statusCode !== 200 && response.statusCode !== 401)
        throw new Error(`me: HTTP ${response.statusCode}`);
    };
    const anonymous = await timedRequests(SESSION_CHECKS, me({}));
    const signedIn = await timedRequests(SESSION_CHECKS, me({ cookie }));
    add('GET /api/auth/me without cookie (no session lookup)', anonymous, '—');
    add('GET /api/auth/me with a session cookie (hash + one indexed lookup)', signedIn, '—');
    rows.push([
      engine,
      'session check cost per request (p50 with − p50 without)',
      formatMs(Math.max(0, quantile(signedIn, 0.5) - quantile(anonymous, 0.5))),
      '',
      '',
      '',
    ]);
  } finally {
    for (const user of users) await deleteUser(database, user.id);
    await app.close();
  }
  return rows;
}

/** Login latency with the stated hashing cost, and the price of the session check on every request. */
export const accountBenchmark: Benchmark = {
  name: 'account',
  title: 'Accounts: login and session check',
  async run(context) {
    const load = loadavg()[0]?.toFixed(2) ?? '?';
    const hashTimes: number[] = [];
    for (let index = 0; index < 20; index += 1) {
      const startedAt = performance.now();
      await hashPassword(`${PASSWORD}${index}`);
      hashTimes.push(performance.now() - startedAt);
    }
    const pglite = await openPglite();
    await migrate(pglite);
    const rows = await measure(pglite, 'PGlite (embedded)').finally(() => pglite.close());
    const postgres = await openPostgres({ connectionString: context.postgresUrl, maxConnections: 4 });
    rows.push(...(await measure(postgres, 'PostgreSQL 15').finally(() => postgres.close())));
    const { memoryCost, timeCost, parallelism } = PASSWORD_HASH_PARAMETERS;
    return [
      `Hashing cost: Argon2id, ${memoryCost} KiB (${(memoryCost / 1024).toFixed(0)} MiB), ${timeCost} passes, ` +
        `${parallelism} lane (OWASP minimum) — one hash p50 ${formatMs(quantile(hashTimes, 0.5))}, ` +
        `p95 ${formatMs(quantile(hashTimes, 0.95))} (20 hashes). Requests in process (\`app.inject\`), one at a ` +
        `time; ${USERS} users × ${LOGINS_PER_USER} logins; ${SESSION_CHECKS} \`/api/auth/me\` each way. ` +
        `Load average at start: ${load} on ${cpus().length} cores.`,
      '',
      markdownTable(['Database', 'Call', 'p50', 'p95', 'Runs', 'Target'], rows),
    ].join('\n');
  },
};
