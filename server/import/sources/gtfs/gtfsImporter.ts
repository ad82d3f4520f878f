import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import type { Queryable } from '../../../db/Database';
import { CopyBuffer, type CopyValue } from '../../pipeline/copy/CopyBuffer';
import { type DelimitedRow, forEachDelimitedRow } from '../../pipeline/csv/readDelimited';
import { ImportError, RowError } from '../../pipeline/ImportError';
import type { DatasetPlan, Importer } from '../../pipeline/Importer';
import type { ImportProgress } from '../../pipeline/ImportProgress';
import { departementLabel } from '../../pipeline/territoryLabel';
import { feedChecksumFiles, feedParts, findGtfsFeeds, type GtfsFeedSource, openGtfsFolder } from './gtfsFeedFiles';
import { readFeedValidity } from './gtfsFeedValidity';
import { assignStations, deleteFeed, describeFeed, GTFS_INDEXES, insertFeed } from './gtfsRepository';
import { gtfsDate, gtfsDecimal, gtfsInteger, gtfsSeconds, gtfsText } from './gtfsValues';

const IMPORTER_VERSION = 'gtfs-2';

/** Same-name stops closer than this (metres) form one station when the feed gives no parent station. */
const STATION_RADIUS_METRES = 300;

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

/** Ids seen so far in the network (a bundle's parts share them: an id may not repeat across parts). */
interface NetworkIds {
  agencies: Map<string, string>;
  stops: Set<string>;
  routes: Set<string>;
  services: Set<string>;
  trips: Set<string>;
  transfers: { from: string; to: string; type: number; seconds: number | null }[];
}

/** One trip's stop times as read (any order). */
interface TripTimes {
  route: string;
  service: string;
  sequences: number[];
  stops: string[];
  arrivals: (number | null)[];
  departures: (number | null)[];
}

/** A PostgreSQL array literal (`{"a","b"}`, `{1,NULL}`) for `COPY`. */
function sqlArray(values: readonly (string | number | null)[]): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : typeof value === 'number' ? String(value) : `"${value.replace(/["\\]/g, '\\$&')}"`,
  );
  return `{${items.join(',')}}`;
}

/** Loads one feed (or one part of a bundle) into the network's tables; `report` gets the part's fraction. */
async function loadPart(
  transaction: Queryable,
  feedId: string,
  folder: string,
  ids: NetworkIds,
  report: (rows: number, fraction: number) => void,
): Promise<number> {
  for (const file of ['agency.txt', 'stops.txt', 'routes.txt', 'trips.txt', 'stop_times.txt'])
    requireFile(folder, file);
  const feed = { id: feedId };
  const progress = { update: report };
  const { agencies, stops, routes, services, trips } = ids;
  const tripTimes = new Map<string, TripTimes>();
  let rows = 0;

  rows += await copyFile(
    transaction,
    feed.id,
    folder,
    'agency.txt',
    'gtfs_agency',
    ['agency_id', 'agency_name', 'agency_url', 'agency_timezone', 'agency_lang', 'agency_phone'],
    ['agency_name'],
    (row) => {
      const id = gtfsText(row, 'agency_id') ?? '';
      const name = gtfsText(row, 'agency_name', true) as string;
      // The parts of a bundle repeat their agency: the same one is kept once.
      if (agencies.get(id) === name) return undefined;
      if (agencies.has(id)) throw new RowError('agency_id', `identifiant « ${id} » en double`);
      agencies.set(id, name);
      return [
        id,
        name,
        gtfsText(row, 'agency_url'),
        gtfsText(row, 'agency_timezone'),
        gtfsText(row, 'agency_lang'),
        gtfsText(row, 'agency_phone'),
      ];
    },
  );
  progress.update(rows, 0.05);

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
    (row) => {
      const route = known(routes, 'route_id', gtfsText(row, 'route_id', true) as string, 'routes.txt');
      const service = known(
        services,
        'service_id',
        gtfsText(row, 'service_id', true) as string,
        'calendar.txt / calendar_dates.txt',
      );
      const trip = unique(trips, 'trip_id', gtfsText(row, 'trip_id', true) as string);
      tripTimes.set(trip, { route, service, sequences: [], stops: [], arrivals: [], departures: [] });
      return [
        route,
        service,
        trip,
        gtfsText(row, 'trip_headsign'),
        gtfsText(row, 'trip_short_name'),
        gtfsInteger(row, 'direction_id', 0, 1),
        gtfsText(row, 'block_id'),
        gtfsText(row, 'shape_id'),
        gtfsInteger(row, 'wheelchair_accessible', 0, 2),
      ];
    },
  );
  progress.update(rows, 0.35);

  const time = (row: DelimitedRow, column: string): number | null => {
    const text = gtfsText(row, column);
    if (text === null) return null;
    const seconds = gtfsSeconds(text);
    if (seconds === undefined) throw new RowError(column, `heure HH:MM:SS attendue, reçu « ${text} »`);
    return seconds;
  };
  // Stop times are kept per trip, in stop_sequence order: one gtfs_trip_timetables row each.
  let stopTimes = 0;
  await forEachDelimitedRow(
    join(folder, 'stop_times.txt'),
    { separator: ',', requiredColumns: ['trip_id', 'stop_id', 'stop_sequence'] },
    (row) => {
      const arrival = time(row, 'arrival_time');
      const departure = time(row, 'departure_time');
      if (arrival !== null && departure !== null && departure < arrival) {
        throw new RowError('departure_time', 'départ avant l’arrivée');
      }
      const trip = tripTimes.get(known(trips, 'trip_id', gtfsText(row, 'trip_id', true) as string, 'trips.txt'));
      if (!trip) throw new RowError('trip_id', 'trajet d’une autre partie du réseau');
      const stop = known(stops, 'stop_id', gtfsText(row, 'stop_id', true) as string, 'stops.txt');
      const sequence = gtfsInteger(row, 'stop_sequence', 0, 2 ** 31 - 1, true) as number;
      if (trip.sequences.length > 0 && sequence <= (trip.sequences[trip.sequences.length - 1] as number)) {
        if (trip.sequences.includes(sequence))
          throw new RowError('stop_sequence', `« ${sequence} » en double pour ce trajet`);
      }
      trip.sequences.push(sequence);
      trip.stops.push(stop);
      trip.arrivals.push(arrival);
      trip.departures.push(departure);
      stopTimes += 1;
    },
  );
  const timetables = new CopyBuffer(transaction, 'gtfs_trip_timetables', [
    'feed_id',
    'trip_id',
    'route_id',
    'service_id',
    'stop_ids',
    'stop_sequences',
    'arrival_seconds',
    'departure_seconds',
  ]);
  for (const [id, trip] of tripTimes) {
    if (trip.sequences.length === 0) continue;
    const order = trip.sequences
      .map((_, index) => index)
      .sort((a, b) => (trip.sequences[a] as number) - (trip.sequences[b] as number));
    await timetables.add([
      feed.id,
      id,
      trip.route,
      trip.service,
      sqlArray(order.map((index) => trip.stops[index] as string)),
      sqlArray(order.map((index) => trip.sequences[index] as number)),
      sqlArray(order.map((index) => trip.arrivals[index] as number | null)),
      sqlArray(order.map((index) => trip.departures[index] as number | null)),
    ]);
  }
  await timetables.flush();
  rows += stopTimes;
  progress.update(rows, 0.95);

  // Transfers may name stops of other networks (RER, bus): they are kept once every part is read.
  const transfersPath = join(folder, 'transfers.txt');
  if (existsSync(transfersPath)) {
    await forEachDelimitedRow(
      transfersPath,
      { separator: ',', requiredColumns: ['from_stop_id', 'to_stop_id', 'transfer_type'] },
      (row) => {
        ids.transfers.push({
          from: gtfsText(row, 'from_stop_id', true) as string,
          to: gtfsText(row, 'to_stop_id', true) as string,
          type: gtfsInteger(row, 'transfer_type', 0, 5, true) as number,
          seconds: gtfsInteger(row, 'min_transfer_time', 0, 86_400),
        });
      },
    );
  }
  progress.update(rows, 1);
  return rows;
}

async function loadFeed(
  transaction: Queryable,
  progress: ImportProgress,
  feed: GtfsFeedSource,
  departements: readonly string[],
): Promise<number> {
  await insertFeed(transaction, feed.id);
  const ids: NetworkIds = {
    agencies: new Map(),
    stops: new Set(),
    routes: new Set(),
    services: new Set(),
    trips: new Set(),
    transfers: [],
  };
  const parts = feedParts(feed);
  let rows = 0;
  for (const [index, part] of parts.entries()) {
    const folder = await openGtfsFolder(part);
    try {
      const before = rows;
      rows += await loadPart(transaction, feed.id, folder, ids, (partRows, fraction) =>
        progress.update(before + partRows, ((index + fraction) / parts.length) * 0.85),
      );
    } catch (error) {
      if (parts.length > 1 && error instanceof Error) error.message = `${part.id} : ${error.message}`;
      throw error;
    } finally {
      if (part.kind === 'zip') rmSync(folder, { recursive: true, force: true });
    }
  }

  // transfers.txt between two stops of the network (first entry of a pair kept); others name other networks.
  const transfers = new CopyBuffer(transaction, 'gtfs_transfers', [
    'feed_id',
    'from_stop_id',
    'to_stop_id',
    'transfer_type',
    'min_transfer_time',
  ]);
  const pairs = new Set<string>();
  for (const transfer of ids.transfers) {
    const pair = `${transfer.from} ${transfer.to}`;
    if (!ids.stops.has(transfer.from) || !ids.stops.has(transfer.to) || pairs.has(pair)) continue;
    pairs.add(pair);
    await transfers.add([feed.id, transfer.from, transfer.to, transfer.type, transfer.seconds]);
  }
  await transfers.flush();
  rows += transfers.rowCount;
  progress.update(rows, 0.88);

  // Stations: the parent station, else the first same-name stop a few metres away (itself at least).
  await assignStations(transaction, feed.id, STATION_RADIUS_METRES);
  progress.update(rows, 0.97);

  // The départements the stops lie in (when the boundaries are loaded), else the asked ones.
  await describeFeed(transaction, feed.id, departements);
  progress.update(rows, 1);
  return rows;
}

function gtfsPlan(
  feed: GtfsFeedSource,
  departements: readonly string[],
  validity: { start: string; end: string } | null,
): DatasetPlan {
  const parts = feed.kind === 'bundle' ? ` (${feed.parts?.length ?? 0} fichiers)` : '';
  const period = validity ? `, horaires du ${validity.start} au ${validity.end}` : '';
  return {
    source: 'gtfs',
    territory: departements.join(','),
    // The validity period is the vintage of a timetable.
    vintage: validity ? `${validity.start}/${validity.end}` : feed.id,
    label: `Réseau de transport en commun GTFS « ${feed.id} »${parts}${period} — ${departements.map(departementLabel).join(', ')}`,
    files: feedChecksumFiles(feed),
    version: IMPORTER_VERSION,
    indexes: GTFS_INDEXES,
    clear: (transaction) => deleteFeed(transaction, feed.id),
    load: (transaction, progress) => loadFeed(transaction, progress, feed, departements),
  };
}

/**
 * GTFS networks from `gtfs/<id>.zip` (as published; entries streamed out of the archive), `gtfs/<id>/`, or
 * `gtfs/<id>/*.zip` — one network published line by line (RATP's métro: 17 zips), loaded as one feed:
 * agency, stops, routes, trips, stop_times, calendar, calendar_dates and transfers into the `gtfs_*`
 * tables (GTFS column names), every reference checked (a trip's route and service, a stop time's trip and
 * stop; ids unique over the whole network), times past midnight kept (`25:10:00`) with their seconds.
 * Transfers naming a stop outside the network are left out; stops get their station (parent station, or
 * same-name stops within 300 m) and each trip one `gtfs_trip_timetables` row. One dataset per network,
 * recorded for the asked départements with the calendar's validity period as vintage.
 */
export const gtfsImporter: Importer = {
  source: 'gtfs',
  async plan({ openDataDirectory, departements }) {
    const plans: DatasetPlan[] = [];
    for (const feed of findGtfsFeeds(openDataDirectory)) {
      plans.push(gtfsPlan(feed, departements, await readFeedValidity(feed)));
    }
    return plans;
  },
};
