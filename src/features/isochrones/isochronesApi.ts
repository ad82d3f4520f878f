import type { Feature, FeatureCollection, Geometry, MultiPolygon, Polygon } from 'geojson';
import type { IsochroneRequest } from '../../../kernel/isochrones/isochroneSchemas';
import { ApiError } from '../../api/ApiError';
import { apiClient, type HttpClient } from '../../api/httpClient';

/** Zone creation parameters sent to POST /api/isochrone/generate (the server's schema, as input). */
export type { IsochroneRequest };

export interface IsochroneResult {
  feature: Feature<Polygon | MultiPolygon>;
  /** Server computation time when given. */
  computationMs?: number;
}

const isPolygonal = (geometry: unknown): geometry is Polygon | MultiPolygon =>
  !!geometry &&
  typeof geometry === 'object' &&
  ((geometry as Geometry).type === 'Polygon' || (geometry as Geometry).type === 'MultiPolygon');

/** The polygon feature of an isochrone answer (Feature, FeatureCollection, `{geometry}` or `{isochrone}`). */
export function isochroneFeatureOf(body: unknown): Feature<Polygon | MultiPolygon> | undefined {
  if (!body || typeof body !== 'object') return undefined;
  const record = body as Record<string, unknown>;
  if (record.type === 'FeatureCollection') {
    const features = (body as FeatureCollection).features.filter((feature) => isPolygonal(feature.geometry));
    return features[0] as Feature<Polygon | MultiPolygon> | undefined;
  }
  if (record.type === 'Feature') {
    return isPolygonal(record.geometry) ? (body as Feature<Polygon | MultiPolygon>) : undefined;
  }
  if (isPolygonal(body)) return { type: 'Feature', geometry: body, properties: {} };
  for (const key of ['isochrone', 'feature', 'geometry', 'result']) {
    const inner = isochroneFeatureOf(record[key]);
    if (inner) return { ...inner, properties: { ...(inner.properties ?? {}), ...propertiesBeside(record, key) } };
  }
  return undefined;
}

function propertiesBeside(record: Record<string, unknown>, skipped: string): Record<string, unknown> {
  return Object.fromEntries(
    Object.entries(record).filter(([key, value]) => key !== skipped && typeof value !== 'object'),
  );
}

/** POST /api/isochrone/generate (45 s). */
export function createIsochronesApi(client: HttpClient = apiClient) {
  return {
    async generate(request: IsochroneRequest, signal?: AbortSignal): Promise<IsochroneResult> {
      const body = await client.post<unknown>('/isochrone/generate', request, {
        timeoutMs: 45_000,
        retries: 1,
        ...(signal ? { signal } : {}),
      });
      const feature = isochroneFeatureOf(body);
      if (!feature) throw new ApiError('Réponse du serveur invalide : aucun polygone', 500, 'INVALID_ISOCHRONE');
      const properties = feature.properties ?? {};
      const computation = [
        properties.computation_ms,
        properties.computationTimeMs,
        properties.computation_time_ms,
      ].find((value): value is number => typeof value === 'number');
      return { feature, ...(computation === undefined ? {} : { computationMs: computation }) };
    },
  };
}

export type IsochronesApi = ReturnType<typeof createIsochronesApi>;

export const isochronesApi: IsochronesApi = createIsochronesApi();
