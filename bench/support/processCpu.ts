import { readdirSync, readFileSync } from 'node:fs';

/** Clock ticks per second of `/proc/<pid>/stat` (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** CPU time (user + system, ms) of one process from `/proc`, or undefined once it has gone. */
function processCpuMs(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // The command name is in parentheses and may hold spaces: fields are counted after its end.
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    const user = Number(fields[11]);
    const system = Number(fields[12]);
    return ((user + system) * 1000) / TICKS_PER_SECOND;
  } catch {
    return undefined;
  }
}

function childrenOf(pid: number): number[] {
  try {
    return readdirSync(`/proc/${pid}/task`).flatMap((task) =>
      readFileSync(`/proc/${pid}/task/${task}/children`, 'utf8').split(' ').filter(Boolean).map(Number),
    );
  } catch {
    return [];
  }
}

/** The process and its descendants (the `tsx` launcher runs the server in a child process). */
function processTree(pid: number): number[] {
  return [pid, ...childrenOf(pid).flatMap(processTree)];
}

/** PostgreSQL backends serving one database (their process title names it). */
function postgresBackends(databaseName: string): number[] {
  return readdirSync('/proc')
    .filter((entry) => /^\d+$/.test(entry))
    .map(Number)
    .filter((pid) => {
      try {
        const title = readFileSync(`/proc/${pid}/cmdline`, 'utf8');
        return title.startsWith('postgres: ') && title.includes(` ${databaseName} `);
      } catch {
        return false;
      }
    });
}

/**
 * CPU time spent by the server's processes (every thread, so the PGlite worker too) and, for a
 * PostgreSQL server, by the backends of its database, between `start()` and `stop()`. Backends are
 * sampled every 200 ms so that one closed during the window still counts up to its last sample.
 */
export class CpuMeter {
  private readonly baseline = new Map<number, number>();
  private readonly latest = new Map<number, number>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly serverPid: number,
    private readonly postgresDatabase?: string,
  ) {}

  private pids(): number[] {
    const backends = this.postgresDatabase ? postgresBackends(this.postgresDatabase) : [];
    for (const pid of backends) this.backendPids.add(pid);
    return [...processTree(this.serverPid), ...backends];
  }

  private sample(): void {
    for (const pid of this.pids()) {
      const cpu = processCpuMs(pid);
      if (cpu === undefined) continue;
      // A process first seen during the window started in it: all its time counts.
      if (!this.baseline.has(pid)) this.baseline.set(pid, this.timer ? 0 : cpu);
      this.latest.set(pid, cpu);
    }
  }

  start(): void {
    this.baseline.clear();
    this.latest.clear();
    this.timer = undefined;
    this.sample();
    this.timer = setInterval(() => this.sample(), 200);
  }

  /** Milliseconds of CPU used since `start()`. */
  stop(): number {
    const { server, database } = this.stopSplit();
    return server + database;
  }

  /** Milliseconds of CPU used since `start()`, by the server's processes and by the PostgreSQL backends. */
  stopSplit(): { server: number; database: number } {
    this.sample();
    clearInterval(this.timer);
    this.timer = undefined;
    const serverPids = new Set(processTree(this.serverPid));
    const split = { server: 0, database: 0 };
    for (const [pid, cpu] of this.latest) {
      const used = cpu - (this.baseline.get(pid) ?? 0);
      // A server process gone before the end is no longer in the tree; the backends are the ones named.
      if (serverPids.has(pid) || !this.backendPids.has(pid)) split.server += used;
      else split.database += used;
    }
    return split;
  }

  private readonly backendPids = new Set<number>();
}
