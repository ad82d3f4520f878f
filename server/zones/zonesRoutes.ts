import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { HttpError, notFound } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { defaultZoneColor } from '../../kernel/zones/zoneColors';
import { zoneInputSchema } from '../../kernel/zones/zoneSchemas';
import {
  deleteAllUserZones,
  deleteUserZone,
  selectUserZones,
  upsertUserZone,
  type UserZoneRow,
} from './zonesRepository';
import { zoneOwnerOf, zoneOwnerOrNew } from './zoneOwner';
import { consumeZoneQuota } from '../subscription/tierGate';
import { documented } from '../openapi/documented';

const listQuery = z.object({
  include_geometry: z
    .enum(['true', 'false'])
    .default('true')
    .transform((value) => value === 'true'),
});
const idParams = z.object({ id: z.string().trim().min(1).max(200) });

/** A saved zone as answered: the body it was saved with plus its timestamps. */
const storedZoneResponse = zoneInputSchema.extend({
  departureTime: z.string().nullable(),
  color: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
});

/** The message when the zone quota is reached. */
export const ZONE_LIMIT_MESSAGE = 'Limite atteinte. Passez à une offre supérieure pour continuer.';

/** A stored row in Zone shape. */
function zoneFromRow(row: UserZoneRow) {
  return {
    id: row.id,
    name: row.name,
    address: row.address,
    coordinates: [row.longitude, row.latitude],
    transportMode: row.transport_mode,
    travelTime: row.travel_time,
    zoneType: row.zone_type,
    zoneDistance: row.zone_distance,
    departureTime: row.departure_time,
    geometry: row.geometry_geojson,
    color: row.color,
    properties: row.properties,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

/**
 * Zone persistence: `/api/user-zones`. Zones belong to the signed-in user or to the anonymous
 * visitor of the `anonymous_zone_id` cookie (created on the first save); an anonymous visitor keeps
 * at most `ANONYMOUS_ZONE_LIMIT` zones (one); a signed-in user creates at most their tier's zones per
 * calendar month.
 */
export const zonesRoutes: RouteModule = (app, { database, config, clock }) => {
  const getUserZonesDocumentation = documented({
    tag: 'zones',
    summary: 'Zones enregistrées de l’utilisateur ou du visiteur anonyme (cookie)',
    query: listQuery,
    response: z.array(storedZoneResponse),
  });
  app.get('/user-zones', getUserZonesDocumentation, async (request) => {
    const { include_geometry: includeGeometry } = parseInput(listQuery, request.query, 'query');
    const owner = zoneOwnerOf(request);
    if (!owner) return [];
    return (await selectUserZones(database, owner, includeGeometry)).map(zoneFromRow);
  });

  const postUserZonesDocumentation = documented({
    tag: 'zones',
    summary: 'Enregistre une zone (idempotent par identifiant) ; 403 ZONE_LIMIT_REACHED au-delà du quota anonyme',
    body: zoneInputSchema,
    status: 201,
    response: storedZoneResponse,
  });
  app.post('/user-zones', postUserZonesDocumentation, async (request, reply) => {
    const zone = parseInput(zoneInputSchema, request.body, 'body');
    const owner = zoneOwnerOrNew(request, reply);
    const saved = await database.transaction(async (transaction) => {
      const existing = await selectUserZones(transaction, owner, false);
      const replacing = existing.some((row) => row.id === zone.id);
      if (owner.kind === 'anonymous' && !replacing && existing.length >= config.anonymousZoneLimit) {
        throw new HttpError(403, 'ZONE_LIMIT_REACHED', ZONE_LIMIT_MESSAGE, { limit: config.anonymousZoneLimit });
      }
      // A signed-in user's new zone counts in the month's quota of their tier.
      if (owner.kind === 'user' && !replacing && request.user) {
        await consumeZoneQuota(transaction, request.user, clock ? clock() : new Date());
      }
      const geometry =
        zone.geometry.type === 'FeatureCollection' ? zone.geometry.features[0]?.geometry : zone.geometry.geometry;
      return upsertUserZone(transaction, owner, {
        id: zone.id,
        name: zone.name,
        address: zone.address,
        longitude: zone.coordinates[0],
        latitude: zone.coordinates[1],
        transportMode: zone.transportMode,
        travelTime: zone.travelTime,
        zoneType: zone.zoneType,
        zoneDistance: zone.zoneDistance,
        departureTime: zone.departureTime ?? null,
        geometryGeojson: zone.geometry,
        geometry,
        color: zone.color ?? defaultZoneColor(existing.length),
        properties: zone.properties,
      });
    });
    return reply.status(201).send(zoneFromRow(saved));
  });

  const deleteUserZoneDocumentation = documented({
    tag: 'zones',
    summary: 'Supprime une zone (404 si inconnue)',
    params: idParams,
    status: 204,
    response: z.null(),
  });
  app.delete('/user-zones/:id', deleteUserZoneDocumentation, async (request, reply) => {
    const { id } = parseInput(idParams, request.params, 'params');
    const owner = zoneOwnerOf(request);
    if (!owner || !(await deleteUserZone(database, owner, id))) throw notFound(`Zone introuvable : ${id}`);
    return reply.status(204).send();
  });

  const deleteUserZonesDocumentation = documented({
    tag: 'zones',
    summary: 'Supprime toutes les zones du propriétaire',
    response: z.object({ deleted: z.number() }),
  });
  app.delete('/user-zones', deleteUserZonesDocumentation, async (request) => {
    const owner = zoneOwnerOf(request);
    return { deleted: owner ? await deleteAllUserZones(database, owner) : 0 };
  });
};
