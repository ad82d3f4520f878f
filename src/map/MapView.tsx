import { useEffect, useRef } from 'react';
import { MapController } from './MapController';
import { useSetMapController } from './MapControllerContext';

const PLAIN_STYLE = {
  version: 8 as const,
  sources: {},
  layers: [{ id: 'background', type: 'background' as const, paint: { 'background-color': '#dfe9f2' } }],
};

/** Mounts the {@link MapController} in a full-size element and shares it through the context. */
export function MapView() {
  const container = useRef<HTMLDivElement>(null);
  const setController = useSetMapController();
  useEffect(() => {
    if (!container.current) return;
    const controller = new MapController(container.current, PLAIN_STYLE);
    (window as unknown as { __zonalyseMap?: MapController }).__zonalyseMap = controller;
    setController(controller);
    return () => {
      setController(null);
      controller.destroy();
    };
  }, [setController]);
  return <div ref={container} className="map-view" data-testid="map" aria-label="Carte" role="region" />;
}
