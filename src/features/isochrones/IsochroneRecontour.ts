import { wrap, type Endpoint, type Remote } from 'comlink';
import type { MultiPolygon, Polygon } from 'geojson';
import type { IsochroneFeature } from '../../../kernel/isochrones/isochroneSchemas';
import type { IsochroneWorkerApi } from '../../../workers/isochrones/isochroneWorkerApi';

/** Which zones the worker can re-contour, and up to which slider value (minutes or metres). */
interface Remembered {
  zoneType: 'time' | 'distance';
  /** Minutes (time) or metres (distance). */
  maximum: number;
}

const createDefaultWorker = (): Endpoint =>
  new Worker(new URL('../../../workers/isochrones/isochrones.worker.ts', import.meta.url), { type: 'module' });

/**
 * Client side of the isochrone slider: after a first `generate` with `includeReach: true` and a
 * `reachLimit` (e.g. the slider's maximum), {@link remember} the answer; then {@link recontour}
 * redraws the zone for any value up to that limit in the worker, without a server call.
 */
export class IsochroneRecontour {
  private worker: Remote<IsochroneWorkerApi> | undefined;
  private readonly remembered = new Map<string, Remembered>();

  constructor(private readonly createWorker: () => Endpoint = createDefaultWorker) {}

  private api(): Remote<IsochroneWorkerApi> {
    this.worker ??= wrap<IsochroneWorkerApi>(this.createWorker());
    return this.worker;
  }

  /** Keeps the reached network of a generate answer under `key` (a zone id); false when it has none. */
  async remember(key: string, feature: IsochroneFeature): Promise<boolean> {
    if (!feature.reach) return false;
    const { limit, metric } = await this.api().remember(key, feature.reach);
    this.remembered.set(key, { zoneType: metric, maximum: metric === 'time' ? limit / 60 : limit });
    return true;
  }

  /** Whether `value` (minutes for a time zone, metres for a distance zone) can be drawn locally. */
  canRecontour(key: string, zoneType: 'time' | 'distance', value: number): boolean {
    const entry = this.remembered.get(key);
    return entry !== undefined && entry.zoneType === zoneType && value <= entry.maximum;
  }

  /** The zone's polygon for a new slider value (minutes or metres), computed in the worker. */
  recontour(key: string, zoneType: 'time' | 'distance', value: number): Promise<Polygon | MultiPolygon> {
    return this.api().contour(key, zoneType === 'time' ? value * 60 : value);
  }

  forget(key: string): void {
    this.remembered.delete(key);
    void this.worker?.forget(key);
  }
}
