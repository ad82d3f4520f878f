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
  'feed_info.txt',
] as const;

export type GtfsFileName = (typeof GTFS_FILES)[number];

/** One feed of `gtfs/`: a zip archive (as published) or a folder of `.txt` files. */
export interface GtfsFeedSource {
  id: string;
  path: string;
  kind: 'zip' | 'folder';
}

/** The feeds of `gtfs/`: `gtfs/<id>.zip` or `gtfs/<id>/stops.txt…`, sorted by id. */
export function findGtfsFeeds(directory: string): GtfsFeedSource[] {
  const folder = join(directory, 'gtfs');
  if (!existsSync(folder)) return [];
  const feeds: GtfsFeedSource[] = [];
  for (const name of readdirSync(folder).sort()) {
    const path = join(folder, name);
    if (statSync(path).isDirectory()) {
      if (existsSync(join(path, 'stops.txt'))) feeds.push({ id: name, path, kind: 'folder' });
    } else if (/\.zip$/i.test(name)) {
      feeds.push({ id: name.replace(/\.zip$/i, ''), path, kind: 'zip' });
    }
  }
  return feeds;
}

/** The files whose checksum identifies a load of the feed. */
export function feedChecksumFiles(feed: GtfsFeedSource): string[] {
  if (feed.kind === 'zip') return [feed.path];
  return GTFS_FILES.map((name) => join(feed.path, name)).filter((path) => existsSync(path));
}

/**
 * The folder holding the feed's `.txt` files: the feed's own folder, or a temporary one the zip's GTFS
 * entries are streamed into (fflate's streaming inflate; entries may sit in a sub-folder of the archive).
 */
export async function openGtfsFolder(feed: GtfsFeedSource): Promise<string> {
  if (feed.kind === 'folder') return feed.path;
  const folder = mkdtempSync(join(tmpdir(), `zonalyse-gtfs-${feed.id}-`));
  const wanted = new Set<string>(GTFS_FILES);
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
