import {
  gymBrandsSchema,
  gymChainsSchema,
  gymIdParamsSchema,
  gymSchema,
  gymSearchRequestSchema,
  gymSearchSchema,
} from '../../kernel/gyms/gymSchemas';
import type { RouteModule } from '../AppContext';
import { BusinessesService } from '../businesses/BusinessesService';
import { parseInput } from '../http/parseInput';
import { documented } from '../openapi/documented';
import { GymsService } from './GymsService';

/** Gyms (NAF 93.13Z): search by distance and chain, one gym, the chains and the brands found in the names. */
export const gymsRoutes: RouteModule = (app, { database }) => {
  const service = new GymsService(database, new BusinessesService(database));

  app.post(
    '/gyms/search',
    documented({
      tag: 'gyms',
      summary: 'Salles de sport (NAF 93.13Z) autour d’un point (10 km par défaut), par chaîne',
      body: gymSearchRequestSchema,
      response: gymSearchSchema,
    }),
    async (request) => service.search(parseInput(gymSearchRequestSchema, request.body, 'body')),
  );
  app.get(
    '/gyms/chains',
    documented({
      tag: 'gyms',
      summary: 'Chaînes de salles reconnues aux noms, avec leur nombre',
      response: gymChainsSchema,
    }),
    async () => service.chains(),
  );
  app.get(
    '/gyms/brands',
    documented({
      tag: 'gyms',
      summary: 'Noms (enseignes) des salles de sport, les plus fréquents d’abord',
      response: gymBrandsSchema,
    }),
    async () => service.brands(),
  );
  app.get(
    '/gyms/:id',
    documented({
      tag: 'gyms',
      summary: 'Une salle de sport par son identifiant',
      params: gymIdParamsSchema,
      response: gymSchema,
    }),
    async (request) => service.byId(parseInput(gymIdParamsSchema, request.params, 'params').id),
  );
};
