import type { MultiPolygon, Polygon } from 'geojson';
import type { ReachMetric } from '../../kernel/isochrones/travelModes';

/** Valhalla could not attach the start to its network (error codes 170–172). */
export class ValhallaOffNetworkError extends Error {
  override name = 'ValhallaOffNetworkError';
}

/** Valhalla answered with an error or an unreadable body, or did not answer. */
export class ValhallaError extends Error {
  override name = 'ValhallaError';
}

export type ValhallaCosting = 'auto' | 'pedestrian' | 'bicycle' | 'multimodal';

export const VALHALLA_COSTING = {
  driving: 'auto',
  walking: 'pedestrian',
  cycling: 'bicycle',
  'public-transport': 'multimodal',
} as const satisfies Record<string, ValhallaCosting>;

export interface ValhallaIsochroneRequest {
  origin: [number, number];
  costing: ValhallaCosting;
  metric: ReachMetric;
  /** Minutes (time) or kilometres (distance), Valhalla's units. */
  value: number;
  departureTime?: string | null;
}

interface ValhallaFeature {
  type: string;
  geometry?: { type: string; coordinates: unknown };
  properties?: Record<string, unknown>;
}

/** Valhalla date-time "2026-11-23T08:00" (local time, no offset). */
const valhallaDateTime = (iso: string) => iso.slice(0, 16);

/**
 * Calls Valhalla's `/isochrone` (https://valhalla.github.io/valhalla/api/isochrone/api-reference/)
 * for one contour with polygons, and returns its Polygon or MultiPolygon.
 */
export async function valhallaIsochrone(
  baseUrl: string,
  request: ValhallaIsochroneRequest,
  options: { fetch?: typeof fetch; timeoutMs?: number } = {},
): Promise<Polygon | MultiPolygon> {
  const body: Record<string, unknown> = {
    locations: [{ lon: request.origin[0], lat: request.origin[1] }],
    costing: request.costing,
    contours: [request.metric === 'time' ? { time: request.value } : { distance: request.value }],
    polygons: true,
    denoise: 0.5,
    generalize: 20,
  };
  if (request.costing === 'multimodal' && request.departureTime) {
    body.date_time = { type: 1, value: valhallaDateTime(request.departureTime) };
  }
  const url = new URL('isochrone', baseUrl.endsWith('/') ? baseUrl : `${baseUrl}/`);
  let response: Response;
  try {
    response = await (options.fetch ?? fetch)(url, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(options.timeoutMs ?? 20_000),
    });
  } catch (error) {
    throw new ValhallaError(`Valhalla injoignable (${(error as Error).message})`);
  }
  const payload = (await response.json().catch(() => undefined)) as
    { features?: ValhallaFeature[]; error_code?: number; error?: string } | undefined;
  if (!response.ok || !payload || payload.error_code !== undefined) {
    const code = payload?.error_code;
    if (code !== undefined && code >= 170 && code <= 172) throw new ValhallaOffNetworkError(payload?.error ?? '');
    throw new ValhallaError(`Valhalla a répondu ${response.status}${payload?.error ? ` : ${payload.error}` : ''}`);
  }
  const contour = payload.features?.find(
    (feature) => feature.geometry?.type === 'Polygon' || feature.geometry?.type === 'MultiPolygon',
  );
  if (!contour?.geometry) throw new ValhallaError('réponse Valhalla sans polygone');
  return contour.geometry as Polygon | MultiPolygon;
}
