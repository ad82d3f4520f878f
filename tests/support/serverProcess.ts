import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { PROJECT_ROOT } from './demoDatabaseCache';

const TSX = join(PROJECT_ROOT, 'node_modules/tsx/dist/cli.mjs');

/** A child process running one of the project's entry points, with what it printed. */
export interface ChildRun {
  child: ChildProcess;
  output(): string;
  /** Resolves with the exit code (or the signal's name) once the process has ended. */
  exited: Promise<number | string>;
}

/** Runs `tsx <script> ...args` from the project root with the given environment added. */
export function runScript(script: string, args: readonly string[], environment: Record<string, string>): ChildRun {
  const child = spawn(process.execPath, [TSX, script, ...args], {
    cwd: PROJECT_ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, LOG_LEVEL: 'warn', ...environment },
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | string>((done) =>
    child.once('exit', (code, signal) => done(code ?? signal ?? 'unknown')),
  );
  return { child, output: () => output, exited };
}

/**
 * Kills with SIGKILL the process doing the work: the `tsx` launcher runs the script in a child of its
 * own, which is killed first so that the launcher reads its end (no zombie left holding its pid) and
 * exits; the launcher is killed too if it has not ended within 5 s.
 */
export async function killHard(run: ChildRun): Promise<void> {
  const pid = run.child.pid;
  if (pid === undefined) return;
  const descendants = (parent: number): number[] => {
    try {
      const children = execFileSync('pgrep', ['-P', String(parent)], { encoding: 'utf8' })
        .split('\n')
        .filter(Boolean)
        .map(Number);
      return children.flatMap((child) => [...descendants(child), child]);
    } catch {
      return [];
    }
  };
  for (const target of descendants(pid)) signal(target, 'SIGKILL');
  const launcherEnded = await Promise.race([
    run.exited.then(() => true),
    new Promise<false>((done) => setTimeout(() => done(false), 5000)),
  ]);
  if (!launcherEnded) signal(pid, 'SIGKILL');
  await run.exited;
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // already gone
  }
}

/** A free TCP port on the loopback interface. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** The real server (`server/main.ts`) in a child process, once it answers `/api/health`. */
export interface ServerRun extends ChildRun {
  baseUrl: string;
}

/** Starts `server/main.ts` on a free port and waits (at most `timeoutMs`) for its first health answer. */
export async function startServerProcess(environment: Record<string, string>, timeoutMs = 170_000): Promise<ServerRun> {
  const port = await freePort();
  const run = runScript('server/main.ts', [], { HOST: '127.0.0.1', PORT: String(port), ...environment });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  let ended: number | string | undefined;
  void run.exited.then((code) => (ended = code));
  for (;;) {
    if (ended !== undefined) throw new Error(`server exited (${ended}):\n${run.output()}`);
    if (Date.now() > deadline) {
      await killHard(run);
      throw new Error(`server did not answer within ${timeoutMs} ms:\n${run.output()}`);
    }
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) return { ...run, baseUrl };
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 100));
  }
}
