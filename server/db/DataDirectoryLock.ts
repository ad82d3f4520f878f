import { closeSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

/** Raised when another live process holds the embedded database folder. */
export class DataDirectoryLockedError extends Error {
  constructor(
    readonly directory: string,
    readonly ownerPid: number,
  ) {
    super(
      `Le dossier de données ${directory} est déjà ouvert par le processus ${ownerPid}. ` +
        'Arrêtez-le, ou choisissez un autre DATA_DIR.',
    );
    this.name = 'DataDirectoryLockedError';
  }
}

function processIsAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * An exclusive lock file in the embedded database folder, so that only one process opens it. A lock
 * left by a process that no longer runs is taken over.
 */
export class DataDirectoryLock {
  private released = false;

  private constructor(private readonly path: string) {}

  static acquire(directory: string): DataDirectoryLock {
    mkdirSync(directory, { recursive: true });
    const path = join(directory, 'zonalyse.lock');
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        const descriptor = openSync(path, 'wx');
        writeSync(descriptor, String(process.pid));
        closeSync(descriptor);
        return new DataDirectoryLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
        const ownerPid = Number.parseInt(readFileSync(path, 'utf8'), 10);
        if (Number.isFinite(ownerPid) && ownerPid !== process.pid && processIsAlive(ownerPid)) {
          throw new DataDirectoryLockedError(directory, ownerPid);
        }
        rmSync(path, { force: true });
      }
    }
    throw new Error(`Impossible de verrouiller ${path}`);
  }

  release(): void {
    if (this.released) return;
    this.released = true;
    rmSync(this.path, { force: true });
  }
}
