import type { Queryable } from '../db/Database';
import { badRequest } from '../http/HttpError';
import { selectIrisAt } from './marketRepository';

export const OUTSIDE_TERRITORY_MESSAGE =
  'corps « coordinates » : point hors du territoire chargé (aucun IRIS importé ici)';

/** The département of the point; 400 naming `coordinates` when no loaded IRIS holds it. */
export async function requireTerritory(database: Queryable, coordinates: readonly [number, number]): Promise<string> {
  const iris = await selectIrisAt(database, coordinates);
  if (!iris)
    throw badRequest(OUTSIDE_TERRITORY_MESSAGE, {
      errors: [{ field: 'coordinates', message: 'point hors du territoire chargé' }],
    });
  return iris.departement_code;
}
