import type { TileLayer } from './TileLayer';

/** A set of layers served as one tile endpoint, with the zooms it answers. */
export interface Tileset {
  /** Identifies the tileset in cache keys and ETags (`basemap`, `iris`, `communes`…). */
  name: string;
  minZoom: number;
  maxZoom: number;
  /** The layers of a tile at this zoom (geometry columns and filters may differ by zoom). */
  layers(zoom: number): TileLayer[];
}
