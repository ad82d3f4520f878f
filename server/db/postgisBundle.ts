import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, existsSync, mkdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { pipeline } from 'node:stream/promises';
import { pathToFileURL } from 'node:url';
import { createGunzip, createGzip } from 'node:zlib';
import type { Extension } from '@electric-sql/pglite';
import { postgis as packagedPostgis } from '@electric-sql/pglite-postgis';
import { extract, pack } from 'tar-stream';

const require = createRequire(import.meta.url);
/** The package's `dist` folder (its `exports` do not list `package.json`). */
const DIST_FOLDER = dirname(require.resolve('@electric-sql/pglite-postgis'));
const PACKAGE_FOLDER = dirname(DIST_FOLDER);
/** The bundle `@electric-sql/pglite-postgis` ships: every PostGIS extension, their upgrade scripts, PROJ. */
export const PACKAGED_BUNDLE = join(DIST_FOLDER, 'postgis.tar.gz');
const PACKAGE_VERSION = (JSON.parse(readFileSync(join(PACKAGE_FOLDER, 'package.json'), 'utf8')) as { version: string })
  .version;

/**
 * The files of the `postgis` extension Zonalyse creates: its library, its control file, its install script
 * and the PROJ data `ST_Transform` reads. The packaged bundle also holds the raster, topology and TIGER
 * geocoder extensions (two more 16 MB WebAssembly libraries PGlite loads at every start) and upgrade scripts.
 */
const KEPT = {
  folders: ['share/proj/'],
  files: ['lib/postgresql/postgis-3.so', 'share/postgresql/extension/postgis.control'],
  installScript: /^share\/postgresql\/extension\/postgis--\d+(\.\d+)*\.sql$/,
};

/** Whether the slim bundle keeps `path`, a path inside the packaged tarball. */
export function keptInPostgisBundle(path: string): boolean {
  return (
    KEPT.folders.some((folder) => path.startsWith(folder)) || KEPT.files.includes(path) || KEPT.installScript.test(path)
  );
}

/** Copies the entries of the gzipped tarball `source` that `kept` accepts (and every folder) to `target`. */
export async function filterTarball(source: string, target: string, kept: (path: string) => boolean): Promise<void> {
  const reader = extract();
  const writer = pack();
  reader.on('entry', (header, stream, next) => {
    if (header.type === 'directory' || kept(header.name.replace(/^\.\//, ''))) {
      stream.pipe(writer.entry(header, next));
    } else {
      stream.on('end', next);
      stream.resume();
    }
  });
  reader.on('finish', () => writer.finalize());
  await Promise.all([
    pipeline(createReadStream(source), createGunzip(), reader),
    pipeline(writer, createGzip(), createWriteStream(target)),
  ]);
}

/** A writable cache folder: `node_modules/.cache/zonalyse` beside the package, else the system's temporary folder. */
function cacheFolders(): string[] {
  return [join(PACKAGE_FOLDER, '..', '..', '.cache', 'zonalyse'), join(tmpdir(), 'zonalyse-cache')];
}

let slimBundle: Promise<string> | undefined;

/**
 * The slim PostGIS bundle, made once from the packaged one and kept on disk, named after the package version
 * and the rule of what it keeps (a new rule makes a new bundle). Written aside, then renamed: a process
 * stopped half-way leaves no partial bundle, and several processes may make it at once. A folder that cannot
 * be written passes to the next; with none, PGlite loads the packaged bundle.
 */
export function postgisBundlePath(): Promise<string> {
  slimBundle ??= (async () => {
    const rule = createHash('sha256')
      .update(JSON.stringify({ ...KEPT, installScript: KEPT.installScript.source }))
      .digest('hex')
      .slice(0, 8);
    const name = `postgis-${PACKAGE_VERSION}-slim-${rule}.tar.gz`;
    for (const folder of cacheFolders()) {
      const bundle = join(folder, name);
      if (existsSync(bundle)) return bundle;
      const partial = `${bundle}.${process.pid}.${Math.random().toString(36).slice(2)}.part`;
      try {
        mkdirSync(folder, { recursive: true });
        await filterTarball(PACKAGED_BUNDLE, partial, keptInPostgisBundle);
        renameSync(partial, bundle);
        return bundle;
      } catch {
        rmSync(partial, { force: true });
      }
    }
    return PACKAGED_BUNDLE;
  })();
  return slimBundle;
}

/**
 * PostGIS for PGlite, with the environment the packaged extension sets up, loaded from the slim bundle:
 * a start costs about half the CPU (≈ 1.0 instead of 1.9 s on a demo database).
 */
export const postgis: Extension = {
  name: 'postgis',
  async setup(pglite, emscriptenOptions) {
    const packaged = await packagedPostgis.setup(pglite, emscriptenOptions);
    return { ...packaged, bundlePath: pathToFileURL(await postgisBundlePath()) };
  },
};
