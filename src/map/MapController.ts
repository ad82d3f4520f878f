import type { FeatureCollection, Geometry } from 'geojson';
import * as maplibregl from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import {
  FIT_PADDING,
  FLY_TO,
  FRANCE_CENTER,
  INITIAL_ZOOM,
  MAX_ZOOM,
  MIN_ZOOM,
  type FlyToPurpose,
} from './mapConstants';
import type { MapLayerModule } from './MapLayerModule';
import { MAP_LOCALE_FR } from './mapLocale';

maplibregl.setWorkerUrl(maplibreWorkerUrl);

/**
 * The one class that owns the MapLibre map. React pushes state into it (through layer modules and the
 * helpers below); it never reaches into React.
 */
/** Where the map looks: kept when the map screen is left for another page, so coming back finds it there. */
export interface MapViewState {
  center: [number, number];
  zoom: number;
  bearing: number;
}

export class MapController {
  /** The MapLibre map: layer modules and the browser journeys reach it; features use the methods below. */
  readonly map: maplibregl.Map;
  private readonly modules = new Map<string, { module: MapLayerModule; unbind?: () => void }>();
  private readonly geojsonData = new Map<string, unknown>();

  /**
   * Without `style`, the map stays blank until {@link setStyle} (MapView loads the theme's style first).
   * Without `view`, it opens on France.
   */
  constructor(container: HTMLElement, style?: maplibregl.StyleSpecification | string, view?: MapViewState) {
    this.map = new maplibregl.Map({
      container,
      ...(style === undefined ? {} : { style }),
      center: view?.center ?? FRANCE_CENTER,
      zoom: view?.zoom ?? INITIAL_ZOOM,
      bearing: view?.bearing ?? 0,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      attributionControl: { compact: true },
      locale: MAP_LOCALE_FR,
    });
    this.map.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), 'bottom-right');
    this.map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
    this.map.on('style.load', () => {
      this.geojsonData.clear();
      for (const { module } of this.modules.values()) module.add(this.map);
    });
  }

  /** Attaches a layer module (replacing one with the same id); it is re-added after style changes. */
  addModule(module: MapLayerModule): void {
    this.removeModule(module.id);
    const unbind = module.bind?.(this.map);
    this.modules.set(module.id, { module, ...(unbind ? { unbind } : {}) });
    if (this.map.isStyleLoaded()) module.add(this.map);
  }

  removeModule(id: string): void {
    const entry = this.modules.get(id);
    if (!entry) return;
    entry.unbind?.();
    if (this.map.style) entry.module.remove?.(this.map);
    this.modules.delete(id);
  }

  /** Replaces the style (theme switch); modules are re-added when it has loaded. */
  setStyle(style: maplibregl.StyleSpecification | string): void {
    this.map.setStyle(style, { diff: false });
  }

  /** Sets a GeoJSON source's data, skipping the call when the same object was already set. */
  setGeoJson(sourceId: string, data: FeatureCollection<Geometry> | GeoJSON.Feature): void {
    const source = this.map.getSource<maplibregl.GeoJSONSource>(sourceId);
    if (!source || this.geojsonData.get(sourceId) === data) return;
    this.geojsonData.set(sourceId, data);
    void source.setData(data);
  }

  /**
   * The parts of the map covered by the interface (toolbar, right panels), in px: the map's centre,
   * `flyTo` and `fitBounds` then aim at the visible part. Eased, so opening a panel glides the view.
   */
  setViewPadding(padding: { left: number; right: number }): void {
    const current = this.map.getPadding();
    if (current.left === padding.left && current.right === padding.right) return;
    this.map.easeTo({ padding: { top: 0, bottom: 0, ...padding }, duration: 250 });
  }

  /** Fly to a point with the zoom and duration of the purpose. */
  flyTo(center: [number, number], purpose: FlyToPurpose = 'general'): void {
    const { zoom, duration } = FLY_TO[purpose];
    this.map.flyTo({ center, zoom, duration, essential: true });
  }

  /** Fits bounds [[west, south], [east, north]] with the spec's padding. */
  fitBounds(bounds: [[number, number], [number, number]], maxZoom?: number): void {
    this.map.fitBounds(bounds, { padding: FIT_PADDING, ...(maxZoom === undefined ? {} : { maxZoom }), duration: 800 });
  }

  /** The visible bounds and the zoom. */
  view(): { bounds: { north: number; south: number; east: number; west: number }; zoom: number } {
    const bounds = this.map.getBounds();
    return {
      bounds: { north: bounds.getNorth(), south: bounds.getSouth(), east: bounds.getEast(), west: bounds.getWest() },
      zoom: this.map.getZoom(),
    };
  }

  /** Calls `listener` each time the map stops moving; returns the unsubscription. */
  onMoveEnd(listener: () => void): () => void {
    this.map.on('moveend', listener);
    return () => this.map.off('moveend', listener);
  }

  /** Calls a layer module's `update` with the map: modules are the features' only code that touches MapLibre. */
  updateModule<Arguments extends unknown[]>(
    module: { update(map: maplibregl.Map, ...values: Arguments): void },
    ...values: Arguments
  ): void {
    module.update(this.map, ...values);
  }

  /** The features drawn on `layerIds` in the part of the map left visible by the panels (the view padding). */
  visibleFeatures(layerIds: string[]): maplibregl.MapGeoJSONFeature[] {
    const present = layerIds.filter((id) => this.map.getLayer(id));
    if (present.length === 0) return [];
    const canvas = this.map.getCanvas();
    const padding = this.map.getPadding();
    const left = padding.left ?? 0;
    const right = padding.right ?? 0;
    const width = canvas.clientWidth;
    const box: [maplibregl.PointLike, maplibregl.PointLike] = [
      [Math.min(left, width - 1), 0],
      [Math.max(left + 1, width - right), canvas.clientHeight],
    ];
    return this.map.queryRenderedFeatures(box, { layers: present });
  }

  /** Whether the style holds the layer. */
  hasLayer(layerId: string): boolean {
    return !!this.map.getLayer(layerId);
  }

  /** Whether the style and every tile in view are loaded. */
  isLoaded(): boolean {
    return this.map.loaded();
  }

  /** Whether the source exists and its tiles in view are loaded. */
  isSourceLoaded(sourceId: string): boolean {
    return !!this.map.getSource(sourceId) && this.map.isSourceLoaded(sourceId);
  }

  /** Calls `listener` each time the map has finished drawing (`idle`); returns the unsubscription. */
  onIdle(listener: () => void): () => void {
    this.map.on('idle', listener);
    return () => this.map.off('idle', listener);
  }

  /** Calls `listener` with the message of each loading error of `sourceId`; returns the unsubscription. */
  onSourceError(sourceId: string, listener: (message: string | undefined) => void): () => void {
    const failed = (event: maplibregl.ErrorEvent & { sourceId?: string }) => {
      if (event.sourceId === sourceId) listener(event.error?.message);
    };
    this.map.on('error', failed);
    return () => this.map.off('error', failed);
  }

  /** Calls `listener` after each style change (theme switch), once the modules are back. */
  onStyleLoad(listener: () => void): () => void {
    this.map.on('style.load', listener);
    return () => this.map.off('style.load', listener);
  }

  /**
   * Map clicks as points ([longitude, latitude]) with a crosshair cursor, until the returned function is
   * called. `once`: only the next click. Double-click zoom is off meanwhile (a double click is two points).
   */
  capturePoints(listener: (point: [number, number]) => void, options: { once?: boolean } = {}): () => void {
    const canvas = this.map.getCanvas();
    const previousCursor = canvas.style.cursor;
    let active = true;
    const release = () => {
      if (!active) return;
      active = false;
      this.map.off('click', clicked);
      this.map.doubleClickZoom.enable();
      canvas.style.cursor = previousCursor;
    };
    const clicked = (event: maplibregl.MapMouseEvent) => {
      if (options.once) release();
      listener([event.lngLat.lng, event.lngLat.lat]);
    };
    canvas.style.cursor = 'crosshair';
    this.map.doubleClickZoom.disable();
    this.map.on('click', clicked);
    return release;
  }

  /**
   * The map as displayed: a PNG of the next frame, its bounds and zoom. The canvas is copied within that
   * frame's render (the drawing buffer is not kept after) and encoded by `toBlob` off the main thread
   * (`toDataURL` would encode a full-screen map in one long task).
   */
  snapshot(): Promise<{
    image: string;
    width: number;
    height: number;
    bounds: { north: number; south: number; east: number; west: number };
    zoom: number;
  }> {
    return new Promise((resolve, reject) => {
      this.map.once('render', () => {
        const canvas = this.map.getCanvas();
        const { bounds, zoom } = this.view();
        const clamp = (value: number, limit: number) => Math.max(-limit, Math.min(limit, value));
        const { width, height } = canvas;
        canvas.toBlob((blob) => {
          if (!blob) {
            reject(new Error('La carte n’a pas pu être capturée'));
            return;
          }
          const reader = new FileReader();
          reader.onload = () =>
            resolve({
              image: reader.result as string,
              width,
              height,
              bounds: {
                west: clamp(bounds.west, 180),
                east: clamp(bounds.east, 180),
                south: clamp(bounds.south, 90),
                north: clamp(bounds.north, 90),
              },
              zoom,
            });
          reader.onerror = () => reject(new Error('La carte n’a pas pu être capturée'));
          reader.readAsDataURL(blob);
        }, 'image/png');
      });
      this.map.triggerRepaint();
    });
  }

  /** Draws the next frame (a map with nothing to redraw still ends in `idle`). */
  repaint(): void {
    this.map.triggerRepaint();
  }

  /** The current centre, zoom and bearing (to open a later map there). */
  viewState(): MapViewState {
    const center = this.map.getCenter();
    return { center: [center.lng, center.lat], zoom: this.map.getZoom(), bearing: this.map.getBearing() };
  }

  destroy(): void {
    for (const id of [...this.modules.keys()]) this.removeModule(id);
    this.map.remove();
  }
}
