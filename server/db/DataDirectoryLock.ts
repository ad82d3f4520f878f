import { closeSync, mkdirSync, openSync, readFileSync, rmSync, statfsSync, writeSync } from 'node:fs';
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

/** What the operating system answered, in French, for the errors that make a data folder unusable. */
const UNWRITABLE_REASONS: Record<string, string> = {
  EACCES: 'accès refusé (droits du dossier)',
  EPERM: 'opération non permise',
  EROFS: 'système de fichiers en lecture seule',
  ENOSPC: 'disque plein',
  EDQUOT: 'quota disque dépassé',
  ENOTDIR: 'un fichier porte déjà ce nom',
};

/** Raised when the embedded database folder cannot be created or written: read-only, full, forbidden. */
export class DataDirectoryUnwritableError extends Error {
  constructor(
    readonly directory: string,
    readonly reason: string,
  ) {
    super(
      `Le dossier de données ${directory} n’est pas utilisable en écriture : ${reason}. ` +
        'La base n’a pas été ouverte et rien n’y a été écrit. Libérez de la place, corrigez les droits, ' +
        'ou choisissez un autre DATA_DIR.',
    );
    this.name = 'DataDirectoryUnwritableError';
  }
}

/** Turns an operating-system error on the data folder into {@link DataDirectoryUnwritableError}. */
export function unwritable(directory: string, error: unknown): unknown {
  const reason = UNWRITABLE_REASONS[(error as NodeJS.ErrnoException).code ?? ''];
  return reason ? new DataDirectoryUnwritableError(directory, reason) : error;
}

/**
 * Free space the embedded database needs to start: a new database takes about 60 MB, and an existing one
 * writes its write-ahead log (16 MB segments) as soon as it changes. Below it the server refuses to start rather than fail
 * a write later, when a user saves a zone.
 */
export const MINIMUM_FREE_BYTES = 128 * 2 ** 20;

const megabytes = (bytes: number) => Math.floor(bytes / 2 ** 20).toLocaleString('fr-FR');

/** Refuses a folder whose file system has less than `minimumFreeBytes` left for this user. */
function checkFreeSpace(directory: string, minimumFreeBytes: number): void {
  const { bavail, bsize } = statfsSync(directory);
  const free = bavail * bsize;
  if (free < minimumFreeBytes) {
    throw new DataDirectoryUnwritableError(
      directory,
      `disque plein (${megabytes(free)} Mo libres, il en faut au moins ${megabytes(minimumFreeBytes)})`,
    );
  }
}

/** The lock file's name in the data folder. */
export const LOCK_FILE = 'zonalyse.lock';

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

  /**
   * Creates the folder if needed, checks that its disk has {@link MINIMUM_FREE_BYTES} free (or
   * `minimumFreeBytes`), then takes the lock.
   */
  static acquire(directory: string, minimumFreeBytes = MINIMUM_FREE_BYTES): DataDirectoryLock {
    try {
      mkdirSync(directory, { recursive: true });
    } catch (error) {
      throw unwritable(directory, error);
    }
    checkFreeSpace(directory, minimumFreeBytes);
    const path = join(directory, LOCK_FILE);
    for (let attempt = 0; attempt < 2; attempt += 1) {
      try {
        // Writing the lock is also the check that the folder takes writes, before the database opens.
        const descriptor = openSync(path, 'wx');
        writeSync(descriptor, String(process.pid));
        closeSync(descriptor);
        return new DataDirectoryLock(path);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw unwritable(directory, error);
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
