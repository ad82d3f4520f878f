import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DataDirectoryLock, DataDirectoryLockedError } from './DataDirectoryLock';

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
});
