import type { FastifyRequest } from 'fastify';
import type { z } from 'zod';
import type { Queryable } from '../db/Database';
import { badRequest } from '../http/HttpError';
import type { zoneSelectionSchema } from '../../kernel/real-estate/realEstateSchemas';
import { selectCommuneCodes } from '../territory/territoryRepository';
import { resolveZone, zoneOutlineJson, type ResolvedZone } from '../zones/resolveZone';
import { zoneOwnerOf } from '../zones/zoneOwner';
import type { ZoneReference } from './realEstateRepository';

/** A resolved zone as the DVF queries filter it: by indexed codes for a territory unit, else by geometry. */
async function fromResolved(database: Queryable, zone: ResolvedZone): Promise<ZoneReference> {
  if (zone.kind === 'territory') {
    if (zone.level === 'department') return { kind: 'departement', code: zone.code };
    if (zone.level === 'commune') return { kind: 'communes', codes: zone.communeCodes };
    if (zone.level === 'iris') return { kind: 'iris', codes: [zone.code] };
  }
  return { kind: 'geometry', geojson: await zoneOutlineJson(database, zone) };
}

/**
 * The zone of a real-estate body: its `zone` reference (resolved by `resolveZone`), else the codes
 * (département, then commune — with its arrondissements —, then IRIS), else the geometry. None: 400
 * 'Aucune géométrie fournie' when a zone is required, every sale otherwise.
 */
export async function realEstateZoneOf(
  database: Queryable,
  request: FastifyRequest,
  input: z.output<typeof zoneSelectionSchema>,
  required = true,
): Promise<ZoneReference> {
  if (input.zone) return fromResolved(database, await resolveZone(database, input.zone, zoneOwnerOf(request)));
  if (input.department_code) return { kind: 'departement', code: input.department_code };
  if (input.commune_code) {
    const codes = await selectCommuneCodes(database, input.commune_code);
    return { kind: 'communes', codes: codes.length > 0 ? codes : [input.commune_code] };
  }
  if (input.iris_codes?.length) return { kind: 'iris', codes: input.iris_codes };
  if (input.geometry) return { kind: 'geometry', geojson: JSON.stringify(input.geometry) };
  if (required) throw badRequest('Aucune géométrie fournie', { errors: [{ field: 'geometry', message: 'requis' }] });
  return { kind: 'all' };
}
