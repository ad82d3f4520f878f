import type { Queryable } from '../db/Database';
import { notFound } from '../http/HttpError';
import { TERRITORY_NOT_FOUND_MESSAGES, type TerritoryLevel } from '../../kernel/territory/territoryCodes';
import { polygonInputSchema, unwrapFeature, type ZonePolygon } from '../../kernel/zones/polygonGeometry';
import { zoneDefinitionOf } from '../../kernel/zones/zoneModel';
import type { ZoneReference } from '../../kernel/zones/zoneReference';
import { selectBoundary, selectCommuneCodes, territoryUnitExists } from '../territory/territoryRepository';
import { selectUserZone, type ZoneOwner } from './zonesRepository';

/**
 * A zone ready for an analysis: a territory unit by its code (with, for a commune, the commune codes
 * it stands for — itself and its arrondissements municipaux), or a polygon.
 */
export type ResolvedZone =
  | { kind: 'territory'; level: TerritoryLevel; code: string; communeCodes: string[] }
  | { kind: 'polygon'; geometry: ZonePolygon };

async function resolveTerritory(
  database: Queryable,
  level: TerritoryLevel,
  code: string,
): Promise<ResolvedZone | undefined> {
  if (level === 'commune') {
    const communeCodes = await selectCommuneCodes(database, code);
    return communeCodes.length > 0 ? { kind: 'territory', level, code, communeCodes } : undefined;
  }
  return (await territoryUnitExists(database, level, code))
    ? { kind: 'territory', level, code, communeCodes: [] }
    : undefined;
}

/** A saved zone's GeoJSON as a polygon: validated when it can be, else taken as PostGIS will read it. */
function savedPolygon(geojson: unknown): ZonePolygon | undefined {
  const parsed = polygonInputSchema.safeParse(geojson);
  if (parsed.success) return parsed.data;
  const geometry = unwrapFeature(geojson) as { type?: unknown } | undefined;
  return geometry?.type === 'Polygon' || geometry?.type === 'MultiPolygon' ? (geometry as ZonePolygon) : undefined;
}

/**
 * The one resolver of the `zone` field of the analysis endpoints:
 * - `saved`: the caller's zone by id (another owner's, or none, answers 404); a zone saved from the
 *   territory tree is that territory unit, so it answers the unit's figures;
 * - `territory`: the unit, 404 when its code is not loaded;
 * - `geometry`: the polygon as sent (already validated by the request schema).
 */
export async function resolveZone(
  database: Queryable,
  reference: ZoneReference,
  owner: ZoneOwner | undefined,
): Promise<ResolvedZone> {
  switch (reference.kind) {
    case 'geometry':
      return { kind: 'polygon', geometry: reference.geometry };
    case 'territory': {
      const resolved = await resolveTerritory(database, reference.level, reference.code);
      if (!resolved) throw notFound(`${TERRITORY_NOT_FOUND_MESSAGES[reference.level]} : ${reference.code}`);
      return resolved;
    }
    case 'saved': {
      const row = owner ? await selectUserZone(database, owner, reference.id) : undefined;
      if (!row) throw notFound(`Zone introuvable : ${reference.id}`);
      const definition = zoneDefinitionOf({
        name: row.name,
        address: row.address,
        coordinates: [row.longitude, row.latitude],
        transportMode: row.transport_mode,
        travelTime: row.travel_time,
        zoneType: row.zone_type,
        zoneDistance: row.zone_distance,
        departureTime: row.departure_time,
        properties: row.properties,
      });
      if (definition.kind === 'territory') {
        const territory = await resolveTerritory(database, definition.level, definition.code);
        if (territory) return territory;
      }
      const geometry = savedPolygon(row.geometry_geojson);
      if (!geometry) throw notFound(`Zone introuvable : ${reference.id} (géométrie illisible)`);
      return { kind: 'polygon', geometry };
    }
  }
}

/** The zone's outline as GeoJSON text: the polygon, or the unit's boundary (simplified as the tree draws it). */
export async function zoneOutlineJson(database: Queryable, zone: ResolvedZone): Promise<string> {
  if (zone.kind === 'polygon') return JSON.stringify(zone.geometry);
  const boundary = await selectBoundary(database, zone.level, zone.code);
  if (!boundary) throw notFound(`${TERRITORY_NOT_FOUND_MESSAGES[zone.level]} : ${zone.code}`);
  return boundary.geometry;
}
