import type { RouteModule } from '../AppContext';
import { HttpError } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import {
  isochroneBatchSchema,
  isochroneBatchResponseSchema,
  isochroneFeatureSchema,
  isochroneRequestSchema,
  type IsochroneBatchResponse,
} from '../../kernel/isochrones/isochroneSchemas';
import { IsochroneService } from './IsochroneService';
import { roadGraphStoreFor } from './RoadGraphStore';
import { documented } from '../openapi/documented';

/**
 * `POST /api/isochrone/generate` (one zone) and `POST /api/isochrone/batch` ({requests}, each
 * answered on its own: a failing request does not fail the others).
 */
export const isochroneRoutes: RouteModule = (app, { database, config }) => {
  const service = new IsochroneService(database, roadGraphStoreFor(database), {
    valhallaUrl: config.valhallaUrl,
    log: app.log,
  });

  const postIsochroneGenerateDocumentation = documented({
    tag: 'isochrones',
    summary: 'Isochrone (temps ou distance) depuis un point, à pied, à vélo, en voiture ou en transports',
    body: isochroneRequestSchema,
    response: isochroneFeatureSchema,
  });
  app.post('/isochrone/generate', postIsochroneGenerateDocumentation, async (request) => {
    const body = parseInput(isochroneRequestSchema, request.body, 'body');
    return service.generate(body);
  });

  const postIsochroneBatchDocumentation = documented({
    tag: 'isochrones',
    summary: 'Jusqu’à 20 isochrones ; chaque demande répond seule (une erreur n’arrête pas les autres)',
    body: isochroneBatchSchema,
    response: isochroneBatchResponseSchema,
  });
  app.post('/isochrone/batch', postIsochroneBatchDocumentation, async (request): Promise<IsochroneBatchResponse> => {
    const startedAt = performance.now();
    const { requests } = parseInput(isochroneBatchSchema, request.body, 'body');
    const results: IsochroneBatchResponse['results'] = [];
    for (const item of requests) {
      try {
        results.push({ status: 'ok', feature: await service.generate(item) });
      } catch (error) {
        if (!(error instanceof HttpError)) throw error;
        results.push({ status: 'error', statusCode: error.statusCode, code: error.code, detail: error.detail });
      }
    }
    return { results, computationTimeMs: Math.round((performance.now() - startedAt) * 10) / 10 };
  });
};
