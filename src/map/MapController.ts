import * as maplibregl from 'maplibre-gl';
import maplibreWorkerUrl from 'maplibre-gl/dist/maplibre-gl-worker.mjs?url';
import 'maplibre-gl/dist/maplibre-gl.css';
import { FRANCE_CENTER, INITIAL_ZOOM, MAX_ZOOM, MIN_ZOOM } from './mapConstants';

maplibregl.setWorkerUrl(maplibreWorkerUrl);

/** The one class that owns the MapLibre map: React pushes state into it, it never reaches into React. */
export class MapController {
  readonly map: maplibregl.Map;

  constructor(container: HTMLElement, style: maplibregl.StyleSpecification | string) {
    this.map = new maplibregl.Map({
      container,
      style,
      center: FRANCE_CENTER,
      zoom: INITIAL_ZOOM,
      minZoom: MIN_ZOOM,
      maxZoom: MAX_ZOOM,
      attributionControl: { compact: true },
    });
    this.map.addControl(new maplibregl.NavigationControl({ visualizePitch: false }), 'bottom-right');
    this.map.addControl(new maplibregl.ScaleControl({ unit: 'metric' }), 'bottom-left');
  }

  destroy(): void {
    this.map.remove();
  }
}
