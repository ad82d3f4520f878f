import { createReadStream, createWriteStream, existsSync, mkdtempSync, readdirSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { Unzip, UnzipInflate } from 'fflate';

/** The GTFS files the importer reads; the first four are required by the specification. */
export const GTFS_FILES = [
  'agency.txt',
  'stops.txt',
  'routes.txt',
  'trips.txt',
  'stop_times.txt',
  'calendar.txt',
  'calendar_dates.txt',
  'transfers.txt',
  'feed_info.txt',
] as const;

export type GtfsFileName = (typeof GTFS_FILES)[number];

/**
 * One network of `gtfs/`: a zip archive (as published), a folder of `.txt` files, or a folder of zip
 * archives published per line (`bundle`: the parts are loaded together as one network).
 */
export interface GtfsFeedSource {
  id: string;
  path: string;
  kind: 'zip' | 'folder' | 'bundle';
  /** The zip archives of a bundle, sorted by name. */
  parts?: readonly string[];
}

/** The feeds of `gtfs/`: `gtfs/<id>.zip`, `gtfs/<id>/stops.txt…` or `gtfs/<id>/*.zip`, sorted by id. */
export function findGtfsFeeds(directory: string): GtfsFeedSource[] {
  const folder = join(directory, 'gtfs');
  if (!existsSync(folder)) return [];
  const feeds: GtfsFeedSource[] = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (existsSync(join(path, 'stops.txt'))) feeds.push({ id: name, path, kind: 'folder' });
      else {
        const parts = readdirSync(path)
          .filter((entry) => /\.zip$/i.test(entry))
          .sort((a, b) => a.localeCompare(b, 'en', { numeric: true }))
          .map((entry) => join(path, entry));
        if (parts.length > 0) feeds.push({ id: name, path, kind: 'bundle', parts });
      }
    } else if (/\.zip$/i.test(name)) {
      feeds.push({ id: name.replace(/\.zip$/i, ''), path, kind: 'zip' });
    }
  }
  return feeds;
}

/** The files whose checksum identifies a load of the feed. */
export function feedChecksumFiles(feed: GtfsFeedSource): string[] {
  if (feed.kind === 'zip') return [feed.path];
  if (feed.kind === 'bundle') return [...(feed.parts ?? [])];
  return GTFS_FILES.map((name) => join(feed.path, name)).filter((path) => existsSync(path));
}

/** The parts loaded as one network: the feed itself, or each zip of a bundle. */
export function feedParts(feed: GtfsFeedSource): GtfsFeedSource[] {
  if (feed.kind !== 'bundle') return [feed];
  return (feed.parts ?? []).map((path) => ({
    id: basename(path).replace(/\.zip$/i, ''),
    path,
    kind: 'zip' as const,
  }));
}

/**
 * The folder holding the feed's `.txt` files: the feed's own folder, or a temporary one the zip's GTFS
 * entries are streamed into (fflate's streaming inflate; entries may sit in a sub-folder of the archive).
 */
export async function openGtfsFolder(feed: GtfsFeedSource, files: readonly string[] = GTFS_FILES): Promise<string> {
  if (feed.kind === 'folder') return feed.path;
  if (feed.kind === 'bundle') throw new Error('un ensemble de flux GTFS s’ouvre partie par partie (feedParts)');
  const folder = mkdtempSync(join(tmpdir(), `zonalyse-gtfs-${feed.id}-`));
  const wanted = new Set<string>(files);
  const writes: Promise<void>[] = [];
  const unzip = new Unzip();
  unzip.register(UnzipInflate);
  unzip.onfile = (file) => {
    const name = basename(file.name);
    if (!wanted.has(name)) return;
    wanted.delete(name);
    const output = createWriteStream(join(folder, name));
    writes.push(
      new Promise<void>((resolve, reject) => {
        output.on('error', reject);
        file.ondata = (error, chunk, final) => {
          if (error) {
            reject(error);
            return;
          }
          output.write(chunk);
          if (final) output.end(() => resolve());
        };
      }),
    );
    file.start();
  };
  for await (const chunk of createReadStream(feed.path, { highWaterMark: 1 << 20 })) unzip.push(chunk as Uint8Array);
  unzip.push(new Uint8Array(0), true);
  await Promise.all(writes);
  return folder;
}
