import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirectoryLock, DataDirectoryLockedError, DataDirectoryUnwritableError } from './DataDirectoryLock';

describe('DataDirectoryLock', () => {
  it('refuses a second lock while a live process holds the folder', () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-lock-'));
    writeFileSync(join(directory, 'zonalyse.lock'), String(process.ppid));
    expect(() => DataDirectoryLock.acquire(directory)).toThrow(DataDirectoryLockedError);
  });

  it('takes over a lock left by a dead process and releases it', () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-lock-'));
    writeFileSync(join(directory, 'zonalyse.lock'), '999999999');
    const lock = DataDirectoryLock.acquire(directory);
    expect(readFileSync(join(directory, 'zonalyse.lock'), 'utf8')).toBe(String(process.pid));
    lock.release();
    DataDirectoryLock.acquire(directory).release();
  });

  it('refuses a folder it cannot write with a French message, before anything is written', () => {
    const parent = mkdtempSync(join(tmpdir(), 'zonalyse-lock-'));
    const file = join(parent, 'donnees');
    writeFileSync(file, 'pas un dossier');
    const attempt = () => DataDirectoryLock.acquire(join(file, 'base'));
    expect(attempt).toThrow(DataDirectoryUnwritableError);
    expect(attempt).toThrow(
      /n’est pas utilisable en écriture : un fichier porte déjà ce nom\. La base n’a pas été ouverte/,
    );
    expect(readFileSync(file, 'utf8')).toBe('pas un dossier');
  });
});

describe('DataDirectoryLock on a disk without room', () => {
  it('refuses a folder whose disk has less free space than the database needs, before writing the lock', () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-lock-'));
    // More free space than any disk has: the folder's real file system answers how much it has.
    const attempt = () => DataDirectoryLock.acquire(directory, Number.MAX_SAFE_INTEGER);
    expect(attempt).toThrow(DataDirectoryUnwritableError);
    expect(attempt).toThrow(/n’est pas utilisable en écriture : disque plein \([\d\s]+ Mo libres, il en faut au moins/);
    expect(readdirSync(directory)).toEqual([]);
  });
});
