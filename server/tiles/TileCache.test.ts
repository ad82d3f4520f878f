import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { TileCache } from './TileCache';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('TileCache', () => {
  it('renders a tile once for concurrent requests and serves it from memory afterwards', async () => {
    const cache = new TileCache();
    let renders = 0;
    let finishRender: () => void = () => undefined;
    const renderGate = new Promise<void>((resolve) => (finishRender = resolve));
    const render = async () => {
      renders += 1;
      await renderGate;
      return bytes('tile-a');
    };
    // Both requests arrive while the first render is still running.
    const both = Promise.all([cache.get('g1', 'set/1/0/0', render), cache.get('g1', 'set/1/0/0', render)]);
    finishRender();
    const [first, second] = await both;
    expect(renders).toBe(1);
    expect(gunzipSync(first.gzipped).toString()).toBe('tile-a');
    expect(second).toBe(first);
    await cache.get('g1', 'set/1/0/0', render);
    expect(renders).toBe(1);
  });

  it('keeps tiles on disk across instances and drops the previous generation', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-tiles-'));
    const first = new TileCache({ directory });
    await first.get('g1', 'set/2/1/1', async () => bytes('tile-b'));
    const empty = await first.get('g1', 'set/2/3/3', async () => new Uint8Array());
    expect(empty.empty).toBe(true);
    await first.settled();
    expect(existsSync(join(directory, 'g1/set/2/1/1.mvt.gz'))).toBe(true);

    const second = new TileCache({ directory });
    const fromDisk = await second.get('g1', 'set/2/1/1', () => Promise.reject(new Error('should come from disk')));
    expect(gunzipSync(fromDisk.gzipped).toString()).toBe('tile-b');
    expect((await second.get('g1', 'set/2/3/3', () => Promise.reject(new Error('cached empty')))).empty).toBe(true);

    // A new import starts generation g2: g1 is no longer served and is removed from disk.
    const next = await second.get('g2', 'set/2/1/1', async () => bytes('tile-b2'));
    expect(gunzipSync(next.gzipped).toString()).toBe('tile-b2');
    await second.settled();
    expect(readdirSync(directory)).toEqual(['g2']);
  });

  it('evicts the least recently used tiles beyond its memory budget', async () => {
    const cache = new TileCache({ maxMemoryBytes: 4096 });
    for (let index = 0; index < 10; index += 1) await cache.get('g', `set/5/${index}/0`, async () => randomBytes(3000));
    expect(cache.memoryCount).toBeLessThan(10);
    expect(cache.memoryCount).toBeGreaterThan(0);
  });
});
