import {
  analysisRequestSchema,
  analysisSchema,
  competitionRequestSchema,
  competitionSchema,
  potentialRequestSchema,
  potentialSchema,
} from '../../kernel/market/marketSchemas';
import type { RouteModule } from '../AppContext';
import { parseInput } from '../http/parseInput';
import { roadGraphStoreFor } from '../isochrones/RoadGraphStore';
import { documented } from '../openapi/documented';
import { zoneOwnerOf } from '../zones/zoneOwner';
import { CompetitionService } from './CompetitionService';
import { HuffAnalysisService } from './HuffAnalysisService';
import { irisFiguresStoreFor } from './IrisFiguresStore';
import { PotentialService } from './PotentialService';

/** Market study: catchment potential, competition around a point, Huff market shares of a candidate site. */
export const marketRoutes: RouteModule = (app, { database }) => {
  const roads = roadGraphStoreFor(database);
  const figures = irisFiguresStoreFor(database);
  const potential = new PotentialService(database, roads);
  const competition = new CompetitionService(database, roads, figures);
  const analysis = new HuffAnalysisService(database, roads, figures);

  app.post(
    '/market/potential',
    documented({
      tag: 'market',
      summary: 'Potentiel d’un point (habitants, ménages, revenu estimé à 5, 10, 15 minutes) ou d’une zone',
      body: potentialRequestSchema,
      response: potentialSchema,
    }),
    async (request) =>
      potential.potential(parseInput(potentialRequestSchema, request.body, 'body'), zoneOwnerOf(request)),
  );

  app.post(
    '/market/competition',
    documented({
      tag: 'market',
      summary:
        'Concurrents des familles NAF autour d’un point (rayon en km ou temps de trajet), densités et plus proche',
      body: competitionRequestSchema,
      response: competitionSchema,
    }),
    async (request) => competition.competition(parseInput(competitionRequestSchema, request.body, 'body')),
  );

  app.post(
    '/market/analysis',
    documented({
      tag: 'market',
      summary:
        'Modèle de Huff pour un site : clients captés, parts de marché par IRIS, parts prises aux concurrents, sensibilité à λ',
      body: analysisRequestSchema,
      response: analysisSchema,
    }),
    async (request) => analysis.analysis(parseInput(analysisRequestSchema, request.body, 'body'), zoneOwnerOf(request)),
  );
};
