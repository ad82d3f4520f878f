import { spawn, type ChildProcess } from 'node:child_process';
import { prepareDemoDatabases, testOpenDataDirectory } from '../tests/support/globalSetup';

/**
 * `npm test`, in two phases:
 * 1. at once: the demo databases are imported (or found in the cache) — PGlite in a child process, PostgreSQL
 *    in its server — while the static checks (types, lint: one core each) run, then the unit tests;
 * 2. the integration tests, on the demo databases just prepared.
 * Each part's output is printed whole when it ends, so they never interleave; a failure stops the run.
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
 * The checks and unit tests run at a lower priority than the demo import, the longest part of phase 1: they
 * take the CPU it leaves idle (waits on PostgreSQL, the end of one engine's import) instead of slowing it.
 */
const lowPriority = (command: string, args: string[]): [string, string[]] =>
  process.platform === 'win32' || vitestArguments.length > 0
    ? [command, args]
    : ['nice', ['-n', '10', command, ...args]];

async function part(label: string, command: string, args: string[]): Promise<void> {
  const result = await run(...lowPriority(command, args), true);
  process.stdout.write(result.output);
  console.log(`${result.code === 0 ? '✓' : '✗'} ${label} (${seconds()} s)`);
  if (result.code !== 0) {
    console.log(`✗ npm test : ${label} en échec`);
    process.exit(1);
  }
}

const demoDatabases =
  vitestArguments.length > 0
    ? Promise.resolve()
    : prepareDemoDatabases(testOpenDataDirectory(), process.env.TEST_DATABASE_URL).then(() =>
        console.log(`✓ bases de démonstration prêtes (${seconds()} s)`),
      );
const checks = Promise.all(
  ['typecheck', 'lint'].map((script) => part(`npm run ${script}`, 'npm', ['run', '--silent', script])),
);
const unit =
  vitestArguments.length > 0
    ? checks
    : checks.then(() => part('tests unitaires', 'npx', ['vitest', 'run', '--project', 'unit', '--color']));
await Promise.all([demoDatabases, unit]);

const tests = await run(
  'npx',
  ['vitest', 'run', ...(vitestArguments.length > 0 ? vitestArguments : ['--project', 'integration'])],
  false,
);
console.log(`${tests.code === 0 ? '✓' : '✗'} vitest (${seconds()} s in all)`);
process.exit(tests.code);
