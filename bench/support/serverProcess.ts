import { spawn, type ChildProcess } from 'node:child_process';
import { join, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');

/** A server process started for a benchmark, with the time it took to answer `/api/health`. */
export interface StartedServer {
  baseUrl: string;
  process: ChildProcess;
  startupMs: number;
  stop(): Promise<void>;
}

/** Starts `server/main.ts` with the given environment and waits for its first health answer. */
export async function startServer(
  environment: Record<string, string>,
  port: number,
  timeoutMs = 900_000,
): Promise<StartedServer> {
  const startedAt = performance.now();
  const child = spawn(process.execPath, [join(ROOT, 'node_modules/tsx/dist/cli.mjs'), 'server/main.ts'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, LOG_LEVEL: 'warn', HOST: '127.0.0.1', PORT: String(port), ...environment },
  });
  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    if (Date.now() > deadline) throw new Error('server did not start');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not yet listening
    }
    await new Promise((done) => setTimeout(done, 25));
  }
  const startupMs = performance.now() - startedAt;
  return {
    baseUrl,
    process: child,
    startupMs,
    stop: () =>
      new Promise((done) => {
        child.once('exit', () => done());
        child.kill('SIGTERM');
      }),
  };
}
