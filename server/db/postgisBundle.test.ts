import { createReadStream, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { gzipSync, createGunzip } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { extract, pack } from 'tar-stream';
import { filterTarball, keptInPostgisBundle, PACKAGED_BUNDLE, postgisBundlePath } from './postgisBundle';

/** The paths and contents of a gzipped tarball's files. */
async function tarballFiles(path: string): Promise<Map<string, string>> {
  const files = new Map<string, string>();
  const reader = extract();
  reader.on('entry', (header, stream, next) => {
    const chunks: Buffer[] = [];
    stream.on('data', (chunk: unknown) => chunks.push(chunk as Buffer));
    stream.on('end', () => {
      if (header.type === 'file') files.set(header.name, Buffer.concat(chunks).toString('latin1'));
      next();
    });
  });
  await pipeline(createReadStream(path), createGunzip(), reader);
  return files;
}

describe('the slim PostGIS bundle', () => {
  const folder = mkdtempSync(join(tmpdir(), 'zonalyse-postgis-bundle-'));
  afterAll(() => rmSync(folder, { recursive: true, force: true }));

  it('keeps the postgis extension, its install script and the PROJ data, nothing of the other extensions', () => {
    for (const path of [
      'lib/postgresql/postgis-3.so',
      'share/postgresql/extension/postgis.control',
      'share/postgresql/extension/postgis--3.6.2.sql',
      'share/proj/proj.db',
    ]) {
      expect(keptInPostgisBundle(path), path).toBe(true);
    }
    for (const path of [
      'lib/postgresql/postgis_raster-3.so',
      'lib/postgresql/postgis_topology-3.so',
      'share/postgresql/extension/postgis_raster.control',
      'share/postgresql/extension/postgis_tiger_geocoder--3.6.2.sql',
      'share/postgresql/extension/postgis--3.5.0--ANY.sql',
      'share/postgresql/extension/postgis--ANY--3.6.2.sql',
      'share/postgresql/extension/postgis--unpackaged--3.6.2.sql',
      'share/postgresql/contrib/postgis-3.6/spatial_ref_sys.sql',
    ]) {
      expect(keptInPostgisBundle(path), path).toBe(false);
    }
  });

  it('copies the kept entries with their content and drops the others', async () => {
    const writer = pack();
    writer.entry({ name: 'lib/postgresql/postgis-3.so' }, 'library');
    writer.entry({ name: 'lib/postgresql/postgis_raster-3.so' }, 'raster');
    writer.entry({ name: 'share/proj/proj.db' }, 'proj');
    writer.finalize();
    const chunks: Buffer[] = [];
    for await (const chunk of writer) chunks.push(chunk as Buffer);
    const source = join(folder, 'source.tar.gz');
    writeFileSync(source, gzipSync(Buffer.concat(chunks)));

    const target = join(folder, 'target.tar.gz');
    await filterTarball(source, target, keptInPostgisBundle);
    expect(Object.fromEntries(await tarballFiles(target))).toEqual({
      'lib/postgresql/postgis-3.so': 'library',
      'share/proj/proj.db': 'proj',
    });
  });

  it('made from the packaged bundle, holds exactly its kept files, byte for byte', async () => {
    const bundle = await postgisBundlePath();
    // Named after the package version and the rule of what it keeps: a new rule never reads an old bundle.
    expect(bundle).toMatch(/postgis-\d+\.\d+\.\d+-slim-[0-9a-f]{8}\.tar\.gz$/);
    const [slim, all] = await Promise.all([tarballFiles(bundle), tarballFiles(PACKAGED_BUNDLE)]);
    const kept = [...all].filter(([path]) => keptInPostgisBundle(path));
    expect([...slim.keys()].sort()).toEqual(kept.map(([path]) => path).sort());
    expect(slim.has('lib/postgresql/postgis-3.so')).toBe(true);
    for (const [path, content] of kept) expect(slim.get(path) === content, path).toBe(true);
    expect(all.size).toBeGreaterThan(slim.size);
  });
});
