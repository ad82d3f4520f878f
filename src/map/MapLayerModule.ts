import type * as maplibregl from 'maplibre-gl';

/**
 * A feature's sources and layers on the map. `add` runs when the module is attached and again after
 * every style change (theme switch), so it must be idempotent; `bind` runs once to register event
 * handlers (layer-scoped handlers survive style changes) and returns their removal.
 */
export interface MapLayerModule {
  id: string;
  add(map: maplibregl.Map): void;
  remove?(map: maplibregl.Map): void;
  bind?(map: maplibregl.Map): () => void;
}

/** Adds a source only when absent. */
export function ensureSource(map: maplibregl.Map, id: string, source: maplibregl.SourceSpecification): void {
  if (!map.getSource(id)) map.addSource(id, source);
}

/** Adds a layer only when absent (optionally below another layer). */
export function ensureLayer(map: maplibregl.Map, layer: maplibregl.AddLayerObject, beforeId?: string): void {
  if (!map.getLayer(layer.id)) map.addLayer(layer, beforeId && map.getLayer(beforeId) ? beforeId : undefined);
}

/** Removes layers then their source, ignoring what is already gone. */
export function removeLayersAndSource(map: maplibregl.Map, layerIds: readonly string[], sourceId?: string): void {
  for (const id of layerIds) if (map.getLayer(id)) map.removeLayer(id);
  if (sourceId && map.getSource(sourceId)) map.removeSource(sourceId);
}
