import { useEffect, useRef } from 'react';
import { MapController } from './MapController';

const PLAIN_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#dfe9f2' } }],
};

/** Mounts the {@link MapController} in a full-size element. */
export function MapView() {
  const container = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!container.current) return;
    const controller = new MapController(container.current, PLAIN_STYLE);
    (window as unknown as { __zonalyseMap?: MapController }).__zonalyseMap = controller;
    return () => controller.destroy();
  }, []);
  return <div ref={container} className="map-view" data-testid="map" aria-label="Carte" role="region" />;
}
