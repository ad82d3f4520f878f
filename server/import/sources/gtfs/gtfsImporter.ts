import { existsSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../../../db/Database';
import { CopyBuffer, type CopyValue } from '../../pipeline/copy/CopyBuffer';
import { type DelimitedRow, forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { ImportError, RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import type { ImportProgress } from '../../pipeline/ImportProgress';
import { departementLabel } from '../../pipeline/territoryLabel';
import { feedChecksumFiles, findGtfsFeeds, type GtfsFeedSource, openGtfsFolder } from './gtfsFeedFiles';
import { gtfsDate, gtfsDecimal, gtfsInteger, gtfsSeconds, gtfsText } from './gtfsValues';
import { deleteGtfsFeed, GTFS_INDEXES, insertGtfsFeed, summariseGtfsFeed } from './gtfsRepository';

const IMPORTER_VERSION = 'gtfs-1';

const WEEKDAYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;

/** Streams one GTFS file into its table: `toValues` validates a row and gives its values after `feed_id`. */
async function copyFile(
  transaction: Queryable,
  feedId: string,
  folder: string,
  file: string,
  table: string,
  columns: readonly string[],
  required: readonly string[],
  toValues: (row: DelimitedRow) => CopyValue[] | undefined,
): Promise<number> {
  const path = join(folder, file);
  if (!existsSync(path)) return 0;
  const buffer = new CopyBuffer(transaction, table, ['feed_id', ...columns]);
  await forEachDelimitedRow(path, { separator: ',', requiredColumns: required }, async (row) => {
    const values = toValues(row);
    if (values) await buffer.add([feedId, ...values]);
  });
  await buffer.flush();
  return buffer.rowCount;
}

function requireFile(folder: string, file: string): void {
  if (!existsSync(join(folder, file)))
    throw new ImportError(file, undefined, undefined, 'fichier GTFS obligatoire absent');
}

function unique(seen: Set<string>, column: string, id: string): string {
  if (seen.has(id)) throw new RowError(column, `identifiant « ${id} » en double`);
  seen.add(id);
  return id;
}

function known(ids: ReadonlySet<string>, column: string, id: string, file: string): string {
  if (!ids.has(id)) throw new RowError(column, `« ${id} » absent de ${file}`);
  return id;
}

async function loadFeed(
  transaction: Queryable,
  progress: ImportProgress,
  feed: GtfsFeedSource,
  departements: readonly string[],
): Promise<number> {
  const folder = await openGtfsFolder(feed);
  for (const file of ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'])
    requireFile(folder, file);
  await insertGtfsFeed(transaction, feed.id);
  let rows = 0;

  const agencies = new Set<string>();
  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'agency.txt',
    'gtfs_agency',
    ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang', 'agency_phone'],
    ['agency_name'],
    (row) => [
      unique(agencies, 'agency_id', gtfsText(row, 'agency_id') ?? ''),
      gtfsText(row, 'agency_name', true),
      gtfsText(row, 'agency_url'),
      gtfsText(row, 'agency_timezone'),
      gtfsText(row, 'agency_lang'),
      gtfsText(row, 'agency_phone'),
    ],
  );
  progress.update(rows, 0.05);

  const stops = new Set<string>();
  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'stops.txt',
    'gtfs_stops',
    [
      'stop_id',
      'stop_code',
      'stop_name',
      'stop_desc',
      'stop_lat',
      'stop_lon',
      'zone_id',
      'stop_url',
      'location_type',
      'parent_station',
      'wheelchair_boarding',
      'geometry',
    ],
    ['stop_id'],
    (row) => {
      const locationType = gtfsInteger(row, 'location_type', 0, 4);
      // Stops, stations and entrances have coordinates; generic nodes and boarding areas may not.
      const located = locationType === null || locationType <= 2;
      const latitude = gtfsDecimal(row, 'stop_lat', -90, 90, located);
      const longitude = gtfsDecimal(row, 'stop_lon', -180, 180, located);
      return [
        unique(stops, 'stop_id', gtfsText(row, 'stop_id', true) as string),
        gtfsText(row, 'stop_code'),
        gtfsText(row, 'stop_name', located),
        gtfsText(row, 'stop_desc'),
        latitude,
        longitude,
        gtfsText(row, 'zone_id'),
        gtfsText(row, 'stop_url'),
        locationType,
        gtfsText(row, 'parent_station'),
        gtfsInteger(row, 'wheelchair_boarding', 0, 2),
        latitude === null || longitude === null ? null : `SRID=4326;POINT(${longitude} ${latitude})`,
      ];
    },
  );
  progress.update(rows, 0.15);

  const routes = new Set<string>();
  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'routes.txt',
    'gtfs_routes',
    [
      'route_id',
      'agency_id',
      'route_short_name',
      'route_long_name',
      'route_desc',
      'route_type',
      'route_url',
      'route_color',
      'route_text_color',
    ],
    ['route_id', 'route_type'],
    (row) => {
      const agency = gtfsText(row, 'agency_id');
      if (agency !== null && !agencies.has(agency))
        throw new RowError('agency_id', `« ${agency} » absent de agency.txt`);
      const shortName = gtfsText(row, 'route_short_name');
      const longName = gtfsText(row, 'route_long_name');
      if (shortName === null && longName === null) {
        throw new RowError('route_short_name', 'route_short_name ou route_long_name obligatoire');
      }
      return [
        unique(routes, 'route_id', gtfsText(row, 'route_id', true) as string),
        agency,
        shortName,
        longName,
        gtfsText(row, 'route_desc'),
        // Basic types 0–12 and the extended types 100–1702.
        gtfsInteger(row, 'route_type', 0, 1702, true),
        gtfsText(row, 'route_url'),
        gtfsText(row, 'route_color'),
        gtfsText(row, 'route_text_color'),
      ];
    },
  );
  progress.update(rows, 0.2);

  const services = new Set<string>();
  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'calendar.txt',
    'gtfs_calendar',
    ['service_id', ...WEEKDAYS, 'start_date', 'end_date'],
    ['service_id', ...WEEKDAYS, 'start_date', 'end_date'],
    (row) => [
      unique(services, 'service_id', gtfsText(row, 'service_id', true) as string),
      ...WEEKDAYS.map((day) => gtfsInteger(row, day, 0, 1, true)),
      gtfsDate(row, 'start_date', true),
      gtfsDate(row, 'end_date', true),
    ],
  );
  const exceptions = new Set<string>();
  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'calendar_dates.txt',
    'gtfs_calendar_dates',
    ['service_id', 'date', 'exception_type'],
    ['service_id', 'date', 'exception_type'],
    (row) => {
      const service = gtfsText(row, 'service_id', true) as string;
      const date = gtfsDate(row, 'date', true) as string;
      unique(exceptions, 'date', `${service} ${date}`);
      return [service, date, gtfsInteger(row, 'exception_type', 1, 2, true)];
    },
  );
  for (const key of exceptions) services.add(key.slice(0, key.lastIndexOf(' ')));
  if (!existsSync(join(folder, 'calendar.txt')) && !existsSync(join(folder, 'calendar_dates.txt'))) {
    throw new ImportError('calendar.txt', undefined, undefined, 'calendar.txt ou calendar_dates.txt obligatoire');
  }
  progress.update(rows, 0.25);

  const trips = new Set<string>();
  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'trips.txt',
    'gtfs_trips',
    [
      'route_id',
      'service_id',
      'trip_id',
      'trip_headsign',
      'trip_short_name',
      'direction_id',
      'block_id',
      'shape_id',
      'wheelchair_accessible',
    ],
    ['route_id', 'service_id', 'trip_id'],
    (row) => [
      known(routes, 'route_id', gtfsText(row, 'route_id', true) as string, 'routes.txt'),
      known(services, 'service_id', gtfsText(row, 'service_id', true) as string, 'calendar.txt / calendar_dates.txt'),
      unique(trips, 'trip_id', gtfsText(row, 'trip_id', true) as string),
      gtfsText(row, 'trip_headsign'),
      gtfsText(row, 'trip_short_name'),
      gtfsInteger(row, 'direction_id', 0, 1),
      gtfsText(row, 'block_id'),
      gtfsText(row, 'shape_id'),
      gtfsInteger(row, 'wheelchair_accessible', 0, 2),
    ],
  );
  progress.update(rows, 0.35);

  const time = (row: DelimitedRow, column: string): [string | null, number | null] => {
    const text = gtfsText(row, column);
    if (text === null) return [null, null];
    const seconds = gtfsSeconds(text);
    if (seconds === undefined) throw new RowError(column, `heure HH:MM:SS attendue, reçu « ${text} »`);
    return [text, seconds];
  };
  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'stop_times.txt',
    'gtfs_stop_times',
    [
      'trip_id',
      'arrival_time',
      'departure_time',
      'stop_id',
      'stop_sequence',
      'stop_headsign',
      'pickup_type',
      'drop_off_type',
      'shape_dist_traveled',
      'arrival_seconds',
      'departure_seconds',
    ],
    ['trip_id', 'stop_id', 'stop_sequence'],
    (row) => {
      const [arrival, arrivalSeconds] = time(row, 'arrival_time');
      const [departure, departureSeconds] = time(row, 'departure_time');
      if (arrivalSeconds !== null && departureSeconds !== null && departureSeconds < arrivalSeconds) {
        throw new RowError('departure_time', `départ ${departure} avant l’arrivée ${arrival}`);
      }
      return [
        known(trips, 'trip_id', gtfsText(row, 'trip_id', true) as string, 'trips.txt'),
        arrival,
        departure,
        known(stops, 'stop_id', gtfsText(row, 'stop_id', true) as string, 'stops.txt'),
        gtfsInteger(row, 'stop_sequence', 0, 2 ** 31 - 1, true),
        gtfsText(row, 'stop_headsign'),
        gtfsInteger(row, 'pickup_type', 0, 3),
        gtfsInteger(row, 'drop_off_type', 0, 3),
        gtfsDecimal(row, 'shape_dist_traveled', 0, Number.MAX_VALUE),
        arrivalSeconds,
        departureSeconds,
      ];
    },
  );
  progress.update(rows, 0.9);

  await summariseGtfsFeed(transaction, feed.id, departements);
  progress.update(rows, 1);
  return rows;
}

function gtfsPlan(feed: GtfsFeedSource, departements: readonly string[]): DatasetPlan {
  return {
    source: 'gtfs',
    territory: departements.join(','),
    vintage: feed.id,
    label: `Réseau de transport en commun GTFS « ${feed.id} » — ${departements.map(departementLabel).join(', ')}`,
    files: feedChecksumFiles(feed),
    version: IMPORTER_VERSION,
    indexes: GTFS_INDEXES,
    clear: (transaction) => deleteGtfsFeed(transaction, feed.id),
    load: (transaction, progress) => loadFeed(transaction, progress, feed, departements),
  };
}

/**
 * GTFS networks from `gtfs/<id>.zip` (as published; entries streamed out of the archive) or `gtfs/<id>/`:
 * agency, stops, routes, trips, stop_times, calendar and calendar_dates into the `gtfs_*` tables (GTFS
 * column names), every reference checked (a trip's route and service, a stop time's trip and stop), times
 * past midnight kept (`25:10:00`) with their seconds. One dataset per feed, recorded for the asked
 * départements; `gtfs_feeds.departement_codes` holds the départements its stops lie in. No GTFS file exists
 * for Paris here: nothing is planned.
 */
export const gtfsImporter: Importer = {
  source: 'gtfs',
  plan({ openDataDirectory, departements }) {
    return findGtfsFeeds(openDataDirectory).map((feed) => gtfsPlan(feed, departements));
  },
};
