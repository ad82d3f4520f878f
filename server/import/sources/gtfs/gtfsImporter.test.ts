import { cpSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readRawCsv } from '../../../../tests/support/rawCsv';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { findGtfsFeeds, type GtfsFeedSource } from './gtfsFeedFiles';
import { readFeedValidity } from './gtfsFeedValidity';
import { gtfsImporter } from './gtfsImporter';
import { gtfsSeconds } from './gtfsValues';

const quiet = { write: () => true, isTTY: false };
const FIXTURE = resolve(import.meta.dirname, '../../../../tests/fixtures/gtfs/ligne-demo');

describe('GTFS values and feeds', () => {
  it('reads times past midnight and finds the RATP métro published line by line as one network', async () => {
    expect(gtfsSeconds('08:01:30')).toBe(8 * 3600 + 90);
    expect(gtfsSeconds('24:02:40')).toBe(24 * 3600 + 160);
    expect(gtfsSeconds('8:1:30')).toBeUndefined();
    const feeds = findGtfsFeeds(openDataDirectory());
    expect(feeds.map((feed) => [feed.id, feed.kind, feed.parts?.length])).toEqual([
      ['ratp-metro-2019-per-line', 'bundle', 17],
    ]);
    expect(feeds[0]?.parts?.slice(0, 3).map((path) => path.split('/').pop())).toEqual([
      'RATP_GTFS_METRO_1.zip',
      'RATP_GTFS_METRO_2.zip',
      'RATP_GTFS_METRO_3.zip',
    ]);
    // The calendar's validity period is the dataset's vintage.
    expect(await readFeedValidity(feeds[0] as GtfsFeedSource)).toEqual({ start: '2019-02-05', end: '2019-08-04' });
  });
});

describe.each(testDatabaseKinds())('GTFS importer on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    const paris = readFileSync(join(openDataDirectory(), 'admin/departement-75-paris.geojson'), 'utf8');
    await database.query(
      `INSERT INTO departements (code, name, region_code, area_km2, centroid, geometry)
       SELECT '75', 'Paris', '11', ST_Area(g::geography) / 1e6, ST_PointOnSurface(g), g
       FROM (SELECT ST_Multi(ST_SetSRID(ST_GeomFromGeoJSON($1::jsonb->>'geometry'), 4326)) AS g) s`,
      [JSON.stringify(JSON.parse(paris))],
    );
  });
  afterAll(() => database.close());

  it('loads a zipped feed, checks its references and skips an unchanged re-run', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-gtfs-'));
    mkdirSync(join(directory, 'gtfs'));
    const entries = Object.fromEntries(
      readdirSync(FIXTURE).map((name) => [`ligne-demo/${name}`, new Uint8Array(readFileSync(join(FIXTURE, name)))]),
    );
    writeFileSync(join(directory, 'gtfs/ligne-demo.zip'), zipSync(entries));
    const context = { openDataDirectory: directory, departements: ['75'] };
    const count = (file: string) => readRawCsv(join(FIXTURE, file), ',').rows.length;
    const outcomes = await runImports(database, [gtfsImporter], context, { output: quiet });
    const total = ['agency', 'stops', 'routes', 'trips', 'stop_times', 'calendar', 'calendar_dates']
      .map((name) => count(`${name}.txt`))
      .reduce((sum, rows) => sum + rows, 0);
    expect(outcomes.map((outcome) => [outcome.source, outcome.territory, outcome.vintage, outcome.rows])).toEqual([
      ['gtfs', '75', '2025-01-06/2025-07-06', total],
    ]);
    const feed = await database.query<Record<string, unknown>>(
      'SELECT id, name, departement_codes, feed_start_date, feed_end_date FROM gtfs_feeds',
    );
    expect(feed.rows).toEqual([
      {
        id: 'ligne-demo',
        name: 'Régie autonome des transports parisiens',
        departement_codes: ['75'],
        feed_start_date: '2025-01-06',
        feed_end_date: '2025-07-06',
      },
    ]);
    // Stop times are kept per trip, in stop_sequence order, in seconds (24:00:00 = 86 400).
    const late = await database.query<{ sequences: number[]; departures: number[] }>(
      `SELECT stop_sequences AS sequences, departure_seconds AS departures FROM gtfs_trip_timetables
       WHERE trip_id = 'M1-W-2350'`,
    );
    const trip = late.rows[0];
    expect(trip?.departures[trip.sequences.indexOf(2)]).toBe(86_400);
    const stopTimes = await database.query<{ count: number }>(
      `SELECT sum(cardinality(stop_ids))::int AS count FROM gtfs_trip_timetables WHERE feed_id = 'ligne-demo'`,
    );
    expect(stopTimes.rows[0]?.count).toBe(count('stop_times.txt'));
    const stations = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM gtfs_stops WHERE feed_id = 'ligne-demo' AND station_id IS NOT NULL`,
    );
    expect(stations.rows[0]?.count).toBe(count('stops.txt'));
    const stops = await database.query<{ count: number }>(
      `SELECT count(*)::int AS count FROM gtfs_stops WHERE geometry IS NOT NULL AND feed_id = 'ligne-demo'`,
    );
    expect(stops.rows[0]?.count).toBe(count('stops.txt'));
    const again = await runImports(database, [gtfsImporter], context, { output: quiet });
    expect(again.map((outcome) => outcome.status)).toEqual(['unchanged']);
  });

  it('fails on a stop time of an unknown stop with file:line, keeping the previous feed', async () => {
    const directory = mkdtempSync(join(tmpdir(), 'zonalyse-gtfs-'));
    cpSync(FIXTURE, join(directory, 'gtfs/ligne-demo'), { recursive: true });
    const stopTimes = join(directory, 'gtfs/ligne-demo/stop_times.txt');
    writeFileSync(
      stopTimes,
      readFileSync(stopTimes, 'utf8').replace('08:01:30,08:02:00,HOTEL_DE_VILLE_1', '08:01:30,08:02:00,LOUVRE_1'),
    );
    await expect(
      runImports(database, [gtfsImporter], { openDataDirectory: directory, departements: ['75'] }, { output: quiet }),
    ).rejects.toThrow(/stop_times\.txt:3, colonne « stop_id » : « LOUVRE_1 » absent de stops\.txt/);
    const { rows } = await database.query<{ count: number }>(
      `SELECT sum(cardinality(stop_ids))::int AS count FROM gtfs_trip_timetables WHERE feed_id = 'ligne-demo'`,
    );
    expect(rows[0]?.count).toBe(8);
  });
});
