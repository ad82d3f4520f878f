import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDataDirectory, openEmptyDatabase, testDatabaseKinds } from '../../../../tests/support/testDatabase';
import type { Database } from '../../../db/Database';
import { runImports } from '../../pipeline/runImports';
import { osmRoadProfile } from './osmRoadProfile';
import { readOsmPbf } from './readOsmPbf';
import { findOsmExtracts, roadsImporter } from './roadsImporter';

const quiet = { write: () => true, isTTY: false };
const BONDY = () => join(openDataDirectory(), 'osm/osm-93-bondy-extract.osm.pbf');
const PARIS = () => join(openDataDirectory(), 'streets/paris-voie-2019-geometry.geojson.gz');

describe('OSM PBF reader', () => {
  it('reads every element of the Bondy extract (counts of SOURCES.md, made with osmium)', () => {
    let nodes = 0;
    let ways = 0;
    let relations = 0;
    let highwayElements = 0;
    let minimumLongitude = Infinity;
    let maximumLatitude = -Infinity;
    readOsmPbf(readFileSync(BONDY()), {
      node(_id, longitude, latitude, tags) {
        nodes += 1;
        if (tags?.highway) highwayElements += 1;
        minimumLongitude = Math.min(minimumLongitude, longitude);
        maximumLatitude = Math.max(maximumLatitude, latitude);
      },
      way(way) {
        ways += 1;
        if (way.tags.highway) highwayElements += 1;
      },
      relation() {
        relations += 1;
      },
    });
    expect({ nodes, ways, relations, highwayElements }).toEqual({
      nodes: 9_423,
      ways: 1_648,
      relations: 134,
      highwayElements: 322,
    });
    // Around Bondy (the export holds whole ways reaching out of its bounds).
    expect(minimumLongitude).toBeGreaterThan(2.3);
    expect(maximumLatitude).toBeLessThan(49);
  });

  it('rejects a file that is not a PBF', () => {
    expect(() => readOsmPbf(new TextEncoder().encode('<osm version="0.6"></osm>'), {})).toThrow();
  });

  it('names the extract after its file', () => {
    expect(findOsmExtracts(openDataDirectory()).map(({ network, departement }) => ({ network, departement }))).toEqual([
      { network: 'osm:bondy', departement: '93' },
    ]);
  });
});

describe('OSM road profile', () => {
  it('gives per-mode speeds and one-ways from the tags', () => {
    expect(osmRoadProfile({ highway: 'primary', maxspeed: '50', oneway: 'yes' })).toMatchObject({
      drivingSpeedKmh: 50,
      walkingSpeedKmh: 5,
      cyclingSpeedKmh: 15,
      oneway: 1,
      cyclingOneway: 1,
    });
    expect(osmRoadProfile({ highway: 'residential', oneway: 'yes', 'oneway:bicycle': 'no' })).toMatchObject({
      drivingSpeedKmh: 25,
      oneway: 1,
      cyclingOneway: 0,
    });
    expect(osmRoadProfile({ highway: 'footway' })).toMatchObject({ drivingSpeedKmh: null, walkingSpeedKmh: 5 });
    expect(osmRoadProfile({ highway: 'motorway' })).toMatchObject({ walkingSpeedKmh: null, oneway: 1 });
    expect(osmRoadProfile({ highway: 'service', access: 'private' })).toMatchObject({ drivingSpeedKmh: null });
    expect(osmRoadProfile({ highway: 'secondary', oneway: '-1' })).toMatchObject({ oneway: 1, reversed: true });
    expect(osmRoadProfile({ highway: 'proposed' })).toBeUndefined();
    expect(osmRoadProfile({ building: 'yes' })).toBeUndefined();
  });
});

describe.each(testDatabaseKinds())('roads importer on %s', (kind) => {
  let database: Database;
  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
  });
  afterAll(() => database.close());

  it('builds the Bondy OSM network: routable highways split at shared nodes, tags kept', async () => {
    const outcomes = await runImports(
      database,
      [roadsImporter],
      { openDataDirectory: openDataDirectory(), departements: ['93'] },
      { output: quiet },
    );
    expect(outcomes.map(({ source, vintage, status }) => ({ source, vintage, status }))).toEqual([
      { source: 'roads-osm', vintage: 'osm:bondy', status: 'loaded' },
    ]);
    // Independent count: the routable ways and the OSM nodes used by two of them or ending one.
    const ways: { refs: number[]; tags: Record<string, string> }[] = [];
    const present = new Set<number>();
    readOsmPbf(readFileSync(BONDY()), {
      node: (id) => present.add(id),
      way: (way) => {
        if (way.tags.highway && osmRoadProfile(way.tags)) ways.push(way);
      },
    });
    const { rows } = await database.query<{ edges: number; nodes: number; ways: number; named: number }>(
      `SELECT (SELECT count(*) FROM road_edges WHERE network = 'osm:bondy') AS edges,
              (SELECT count(*) FROM road_nodes WHERE network = 'osm:bondy') AS nodes,
              (SELECT count(DISTINCT id / 10000) FROM road_edges WHERE network = 'osm:bondy') AS ways,
              (SELECT count(*) FROM road_edges WHERE network = 'osm:bondy' AND name IS NOT NULL) AS named`,
    );
    const counts = rows[0] as { edges: number; nodes: number; ways: number; named: number };
    const keptWays = ways.filter((way) => way.refs.filter((ref) => present.has(ref)).length >= 2);
    expect(counts.ways).toBe(keptWays.length);
    const uses = new Map<number, number>();
    for (const way of keptWays)
      for (const ref of way.refs.filter((id) => present.has(id))) uses.set(ref, (uses.get(ref) ?? 0) + 1);
    const expectedNodes = new Set<number>();
    for (const way of keptWays) {
      const refs = way.refs.filter((id) => present.has(id));
      expectedNodes.add(refs[0] as number).add(refs[refs.length - 1] as number);
      for (const ref of refs) if ((uses.get(ref) ?? 0) >= 2) expectedNodes.add(ref);
    }
    expect(counts.nodes).toBe(expectedNodes.size);
    expect(counts.edges).toBeGreaterThan(keptWays.length);
    expect(counts.named).toBeGreaterThan(0);
    // Every edge joins its two nodes along its geometry; lengths agree with PostGIS.
    const { rows: checks } = await database.query<{ misplaced: number; length_error: number; oneway: number }>(
      `SELECT count(*) FILTER (WHERE NOT ST_DWithin(ST_StartPoint(e.geometry), s.geometry, 1e-9)
                OR NOT ST_DWithin(ST_EndPoint(e.geometry), t.geometry, 1e-9)) AS misplaced,
              max(abs(e.length_m - ST_Length(e.geometry::geography)) / e.length_m) AS length_error,
              count(*) FILTER (WHERE e.oneway = 1) AS oneway
       FROM road_edges e JOIN road_nodes s ON s.id = e.source_node JOIN road_nodes t ON t.id = e.target_node
       WHERE e.network = 'osm:bondy'`,
    );
    expect(checks[0]?.misplaced).toBe(0);
    expect(checks[0]?.length_error).toBeLessThan(0.01);
    expect(checks[0]?.oneway).toBeGreaterThan(0);
    const { rows: footways } = await database.query<{ highway: string; driving: number | null; walking: number }>(
      `SELECT highway, driving_speed_kmh AS driving, walking_speed_kmh AS walking FROM road_edges
       WHERE network = 'osm:bondy' AND highway = 'footway' LIMIT 1`,
    );
    expect(footways[0]).toEqual({ highway: 'footway', driving: null, walking: 5 });
  });

  it('builds the Paris centre-line network, split at the vertices shared by two lines', async () => {
    const outcomes = await runImports(
      database,
      [roadsImporter],
      { openDataDirectory: openDataDirectory(), departements: ['75'] },
      { output: quiet },
    );
    expect(outcomes.map(({ source, status }) => ({ source, status }))).toEqual([
      { source: 'roads-paris-voies', status: 'loaded' },
    ]);
    // Independent computation in PostGIS from the raw file.
    const raw = gunzipSync(readFileSync(PARIS())).toString('utf8');
    const features = (JSON.parse(raw) as { features: { geometry: unknown }[] }).features;
    expect(features).toHaveLength(6_486);
    await database.exec('CREATE TEMP TABLE raw_voies (id serial, geometry geometry)');
    await database.query(
      `INSERT INTO raw_voies (geometry)
       SELECT ST_SetSRID(ST_GeomFromGeoJSON(value::text), 4326) FROM json_array_elements($1::json)`,
      [JSON.stringify(features.map((feature) => feature.geometry))],
    );
    const { rows } = await database.query<{
      raw_km: number;
      edge_km: number;
      expected_nodes: number;
      nodes: number;
      edges: number;
      parts: number;
    }>(
      `WITH parts AS (SELECT id, (ST_Dump(geometry)).path[1] AS part, (ST_Dump(geometry)).geom FROM raw_voies),
       points AS (SELECT id, part, (ST_DumpPoints(geom)).path[1] AS position, ST_NPoints(geom) AS size,
                    (ST_DumpPoints(geom)).geom AS point FROM parts),
       keys AS (SELECT round(ST_X(point) * 1e7)::bigint AS x, round(ST_Y(point) * 1e7)::bigint AS y,
                  position = 1 OR position = size AS is_end FROM points),
       vertices AS (SELECT x, y FROM keys GROUP BY x, y HAVING count(*) >= 2 OR bool_or(is_end))
       SELECT (SELECT sum(ST_Length(geometry::geography)) / 1000 FROM raw_voies) AS raw_km,
              (SELECT sum(length_m) / 1000 FROM road_edges WHERE network = 'paris-voies') AS edge_km,
              (SELECT count(*) FROM vertices) AS expected_nodes,
              (SELECT count(*) FROM road_nodes WHERE network = 'paris-voies') AS nodes,
              (SELECT count(*) FROM road_edges WHERE network = 'paris-voies') AS edges,
              (SELECT count(*) FROM parts) AS parts`,
    );
    const counts = rows[0] as (typeof rows)[number];
    expect(counts.raw_km).toBeGreaterThan(1_900);
    // Haversine on the sphere vs PostGIS on the ellipsoid: a few per mille at this latitude.
    expect(Math.abs(counts.edge_km - counts.raw_km) / counts.raw_km).toBeLessThan(0.005);
    expect(counts.nodes).toBe(counts.expected_nodes);
    expect(counts.nodes).toBeGreaterThan(13_753);
    expect(counts.edges).toBeGreaterThan(counts.parts);
    const { rows: speeds } = await database.query<{ speeds: string }>(
      `SELECT string_agg(DISTINCT concat_ws('/', driving_speed_kmh, walking_speed_kmh, cycling_speed_kmh, oneway), ',') AS speeds
       FROM road_edges WHERE network = 'paris-voies'`,
    );
    expect(speeds[0]?.speeds).toBe('20/5/15/0');
    // The OSM network of the first test is still there: each network is replaced on its own.
    const { rows: networks } = await database.query<{ network: string }>(
      'SELECT DISTINCT network FROM road_edges ORDER BY network',
    );
    expect(networks.map((row) => row.network)).toEqual(['osm:bondy', 'paris-voies']);
  });
});
