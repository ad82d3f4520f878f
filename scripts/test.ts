import { spawn, type ChildProcess } from 'node:child_process';
import { prepareDemoDatabases, testOpenDataDirectory } from '../tests/support/globalSetup';

/**
 * `npm test`: the static checks (types, lint: one core each), the unit tests and the integration tests, all
 * under way at once:
 * - the demo databases are imported (or found in the cache) — PGlite in a child process, PostgreSQL in its
 *   server — and the integration tests start the moment they are ready, the longest part of the run;
 * - the checks, then the unit tests, run beside them at a lower priority, on the CPU the others leave idle.
 * The checks keep their caches in `.cache/` (TypeScript's build information, ESLint's results per file), so
 * a run after a small change re-checks what changed. The integration tests print as they go; each other
 * part's output is printed whole when it ends, so it never interleaves; any failure stops the run.
 * Arguments after `--` go to Vitest, run as one pass after the checks (its global setup prepares the demo
 * databases if the files chosen need them).
 */
const running = new Set<ChildProcess>();
process.once('exit', () => running.forEach((child) => child.kill()));

function run(command: string, args: string[], buffered: boolean): Promise<{ code: number; output: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    running.add(child);
    child.on('close', () => running.delete(child));
    let output = '';
    child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const startedAt = performance.now();
const seconds = () => ((performance.now() - startedAt) / 1000).toFixed(0);
const vitestArguments = process.argv.slice(2);

/**
 * The checks and unit tests run at a lower priority than the demo import and the integration tests, the
 * longest parts: they take the CPU those leave idle (waits on a database or a child process) instead of
 * slowing them.
 */
const lowPriority = (command: string, args: string[]): [string, string[]] =>
  process.platform === 'win32' || vitestArguments.length > 0
    ? [command, args]
    : ['nice', ['-n', '10', command, ...args]];

async function part(label: string, command: string, args: string[]): Promise<void> {
  const result = await run(...lowPriority(command, args), true);
  process.stdout.write(result.output);
  console.log(`${result.code === 0 ? '✓' : '✗'} ${label} (${seconds()} s)`);
  if (result.code !== 0) stop(label);
}

function stop(label: string): never {
  console.log(`✗ npm test : ${label} en échec`);
  process.exit(1);
}

const checks = Promise.all(
  ['typecheck', 'lint'].map((script) => part(`npm run ${script}`, 'npm', ['run', '--silent', script])),
);
const unit =
  vitestArguments.length > 0
    ? checks
    : checks.then(() => part('tests unitaires', 'npx', ['vitest', 'run', '--project', 'unit', '--color']));

// Chosen files run after the checks (their global setup prepares the demo databases); the integration
// project as soon as the demo databases are ready.
const vitestMayStart =
  vitestArguments.length > 0
    ? checks
    : prepareDemoDatabases(testOpenDataDirectory(), process.env.TEST_DATABASE_URL).then(() =>
        console.log(`✓ bases de démonstration prêtes (${seconds()} s)`),
      );
const tests = vitestMayStart.then(() =>
  run(
    'npx',
    ['vitest', 'run', ...(vitestArguments.length > 0 ? vitestArguments : ['--project', 'integration'])],
    false,
  ),
);
const [result] = await Promise.all([tests, unit]);
console.log(`${result.code === 0 ? '✓' : '✗'} vitest (${seconds()} s in all)`);
if (result.code !== 0) stop('vitest');
process.exit(0);
