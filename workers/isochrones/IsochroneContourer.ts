import type { MultiPolygon, Polygon } from 'geojson';
import { contourReachedNetwork } from '../../kernel/isochrones/contourReachedNetwork';
import { decodeReachedNetwork } from '../../kernel/isochrones/encodeReachedNetwork';
import type { EncodedReach } from '../../kernel/isochrones/isochroneSchemas';
import type { ReachedNetwork } from '../../kernel/isochrones/ReachedNetwork';

/** Raised when asked beyond the limit the reached network was computed for. */
export class BeyondReachError extends Error {
  override name = 'BeyondReachError';
}

/**
 * Keeps the reached networks of recent zones (by key) and re-contours them for a new slider value —
 * the body of the isochrone worker, testable without a Worker.
 */
export class IsochroneContourer {
  private readonly reaches = new Map<string, ReachedNetwork>();

  constructor(private readonly capacity = 8) {}

  /** Keeps a reached network (the `reach` member of a generate answer); returns its limit. */
  remember(key: string, encoded: EncodedReach): { limit: number; metric: 'time' | 'distance'; arcs: number } {
    const reach = decodeReachedNetwork(encoded);
    this.reaches.delete(key);
    this.reaches.set(key, reach);
    while (this.reaches.size > this.capacity) this.reaches.delete(this.reaches.keys().next().value as string);
    return { limit: reach.limit, metric: reach.metric, arcs: reach.arcCosts.length };
  }

  /** The contour for `limit` (seconds or metres, as the reach's metric), ≤ the reach's own limit. */
  contour(key: string, limit: number): Polygon | MultiPolygon {
    const reach = this.reaches.get(key);
    if (!reach) throw new BeyondReachError(`aucun réseau atteint pour « ${key} »`);
    if (limit > reach.limit + 1e-6) {
      throw new BeyondReachError(`limite ${limit} au-delà du réseau calculé (${reach.limit})`);
    }
    return contourReachedNetwork(reach, limit);
  }

  forget(key: string): void {
    this.reaches.delete(key);
  }
}
