import { buildRoadGraph, type RoadEdgeRecord, type RoadGraph } from '../../kernel/isochrones/RoadGraph';
import type { Queryable } from '../db/Database';

/** What identifies the loaded networks: changes whenever a road import changes them. */
export async function selectRoadNetworkVersion(database: Queryable): Promise<string> {
  const { rows } = await database.query<{ version: string | null }>(
    `SELECT string_agg(source || ':' || territory || ':' || vintage || ':' || checksum, ',' ORDER BY source, territory, vintage) AS version
     FROM datasets WHERE source LIKE 'roads-%'`,
  );
  return rows[0]?.version ?? '';
}

interface EdgeRow {
  source_node: number;
  target_node: number;
  length_m: number;
  oneway: number;
  cycling_oneway: number;
  driving_speed_kmh: number | null;
  walking_speed_kmh: number | null;
  cycling_speed_kmh: number | null;
  geometry: string;
}

/** Every network of `road_nodes`/`road_edges` as one in-memory graph (an empty graph when none is imported). */
export async function loadRoadGraph(database: Queryable): Promise<RoadGraph> {
  const { rows: tables } = await database.query<{ present: boolean }>(
    `SELECT to_regclass('road_edges') IS NOT NULL AS present`,
  );
  if (!tables[0]?.present) {
    return buildRoadGraph({ longitudes: new Float64Array(), latitudes: new Float64Array() }, []);
  }
  const { rows: nodes } = await database.query<{ id: number; x: number; y: number }>(
    'SELECT id, ST_X(geometry) AS x, ST_Y(geometry) AS y FROM road_nodes ORDER BY id',
  );
  const indexOf = new Map<number, number>();
  const longitudes = new Float64Array(nodes.length);
  const latitudes = new Float64Array(nodes.length);
  nodes.forEach((node, index) => {
    indexOf.set(Number(node.id), index);
    longitudes[index] = node.x;
    latitudes[index] = node.y;
  });
  const { rows } = await database.query<EdgeRow>(
    `SELECT source_node, target_node, length_m, oneway, cycling_oneway, driving_speed_kmh, walking_speed_kmh,
            cycling_speed_kmh, ST_AsGeoJSON(geometry, 7) AS geometry
     FROM road_edges ORDER BY id`,
  );
  const edges: RoadEdgeRecord[] = [];
  for (const row of rows) {
    const source = indexOf.get(Number(row.source_node));
    const target = indexOf.get(Number(row.target_node));
    if (source === undefined || target === undefined) continue;
    const coordinates = (JSON.parse(row.geometry) as { coordinates: [number, number][] }).coordinates.flat();
    edges.push({
      source,
      target,
      lengthMetres: row.length_m,
      drivingSpeedKmh: row.driving_speed_kmh,
      walkingSpeedKmh: row.walking_speed_kmh,
      cyclingSpeedKmh: row.cycling_speed_kmh,
      oneway: row.oneway === 1,
      cyclingOneway: row.cycling_oneway === 1,
      coordinates,
    });
  }
  return buildRoadGraph({ longitudes, latitudes }, edges);
}
