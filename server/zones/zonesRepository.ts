import type { Queryable } from '../db/Database';

/** Who owns zones: a signed-in user, or an anonymous visitor known by the `anonymous_zone_id` cookie. */
export interface ZoneOwner {
  kind: 'user' | 'anonymous';
  id: string;
}

export interface UserZoneRow {
  id: string;
  name: string;
  address: string;
  longitude: number;
  latitude: number;
  transport_mode: string;
  travel_time: number;
  zone_type: string;
  zone_distance: number;
  departure_time: string | null;
  geometry_geojson: unknown;
  color: string;
  properties: Record<string, unknown>;
  created_at: string;
  updated_at: string;
}

export interface UserZoneInsert {
  id: string;
  name: string;
  address: string;
  longitude: number;
  latitude: number;
  transportMode: string;
  travelTime: number;
  zoneType: string;
  zoneDistance: number;
  departureTime: string | null;
  /** The Feature or FeatureCollection sent by the client. */
  geometryGeojson: unknown;
  /** The GeoJSON geometry stored as PostGIS geometry (first feature's). */
  geometry: unknown;
  color: string;
  properties: Record<string, unknown>;
}

const COLUMNS = `id, name, address, longitude, latitude, transport_mode, travel_time, zone_type, zone_distance,
  to_char(departure_time AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') AS departure_time, color, properties,
  to_char(created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS created_at,
  to_char(updated_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"') AS updated_at`;

/** The owner's zones in creation order, with or without their GeoJSON. */
export async function selectUserZones(
  database: Queryable,
  owner: ZoneOwner,
  includeGeometry: boolean,
): Promise<UserZoneRow[]> {
  const { rows } = await database.query<UserZoneRow>(
    `SELECT ${COLUMNS}, ${includeGeometry ? 'geometry_geojson' : 'NULL::jsonb AS geometry_geojson'}
     FROM user_zones WHERE owner_kind = $1 AND owner_id = $2 ORDER BY created_at, id`,
    [owner.kind, owner.id],
  );
  return rows;
}

/** One zone of the owner with its GeoJSON; undefined when they have none by that id. */
export async function selectUserZone(
  database: Queryable,
  owner: ZoneOwner,
  id: string,
): Promise<UserZoneRow | undefined> {
  const { rows } = await database.query<UserZoneRow>(
    `SELECT ${COLUMNS}, geometry_geojson
     FROM user_zones WHERE owner_kind = $1 AND owner_id = $2 AND id = $3`,
    [owner.kind, owner.id, id],
  );
  return rows[0];
}

export async function countUserZones(database: Queryable, owner: ZoneOwner): Promise<number> {
  const { rows } = await database.query<{ count: number }>(
    'SELECT count(*)::int AS count FROM user_zones WHERE owner_kind = $1 AND owner_id = $2',
    [owner.kind, owner.id],
  );
  return rows[0]?.count ?? 0;
}

/**
 * Saves a zone; saving again under the same id replaces it (the client retries an optimistic add).
 * The PostGIS geometry is made valid. Returns the stored row.
 */
export async function upsertUserZone(
  database: Queryable,
  owner: ZoneOwner,
  zone: UserZoneInsert,
): Promise<UserZoneRow> {
  const { rows } = await database.query<UserZoneRow>(
    `INSERT INTO user_zones (owner_kind, owner_id, id, name, address, longitude, latitude, transport_mode, travel_time,
       zone_type, zone_distance, departure_time, geometry_geojson, geometry, color, properties)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12::timestamptz, $13::jsonb,
       ST_MakeValid(ST_SetSRID(ST_GeomFromGeoJSON($14::text), 4326)), $15, $16::jsonb)
     ON CONFLICT (owner_kind, owner_id, id) DO UPDATE SET
       name = EXCLUDED.name, address = EXCLUDED.address, longitude = EXCLUDED.longitude, latitude = EXCLUDED.latitude,
       transport_mode = EXCLUDED.transport_mode, travel_time = EXCLUDED.travel_time, zone_type = EXCLUDED.zone_type,
       zone_distance = EXCLUDED.zone_distance, departure_time = EXCLUDED.departure_time,
       geometry_geojson = EXCLUDED.geometry_geojson, geometry = EXCLUDED.geometry, color = EXCLUDED.color,
       properties = EXCLUDED.properties, updated_at = now()
     RETURNING ${COLUMNS}, geometry_geojson`,
    [
      owner.kind,
      owner.id,
      zone.id,
      zone.name,
      zone.address,
      zone.longitude,
      zone.latitude,
      zone.transportMode,
      zone.travelTime,
      zone.zoneType,
      zone.zoneDistance,
      zone.departureTime,
      JSON.stringify(zone.geometryGeojson),
      JSON.stringify(zone.geometry),
      zone.color,
      JSON.stringify(zone.properties),
    ],
  );
  return rows[0] as UserZoneRow;
}

/** Deletes one zone; false when the owner has no zone with that id. */
export async function deleteUserZone(database: Queryable, owner: ZoneOwner, id: string): Promise<boolean> {
  const { affectedRows } = await database.query(
    'DELETE FROM user_zones WHERE owner_kind = $1 AND owner_id = $2 AND id = $3',
    [owner.kind, owner.id, id],
  );
  return affectedRows > 0;
}

/** Deletes every zone of the owner; returns how many. */
export async function deleteAllUserZones(database: Queryable, owner: ZoneOwner): Promise<number> {
  const { affectedRows } = await database.query('DELETE FROM user_zones WHERE owner_kind = $1 AND owner_id = $2', [
    owner.kind,
    owner.id,
  ]);
  return affectedRows;
}

/** Gives an anonymous visitor's zones to the user who signs in (for the accounts domain). */
export async function transferUserZones(database: Queryable, from: ZoneOwner, to: ZoneOwner): Promise<number> {
  const { affectedRows } = await database.query(
    `UPDATE user_zones SET owner_kind = $3, owner_id = $4, updated_at = now()
     WHERE owner_kind = $1 AND owner_id = $2
       AND id NOT IN (SELECT id FROM user_zones WHERE owner_kind = $3 AND owner_id = $4)`,
    [from.kind, from.id, to.kind, to.id],
  );
  return affectedRows;
}
