import { createContext, useContext, useState, type ReactNode } from 'react';
import type { MapController } from './MapController';

interface MapControllerHolder {
  controller: MapController | null;
  setController: (controller: MapController | null) => void;
}

const MapControllerContext = createContext<MapControllerHolder>({ controller: null, setController: () => undefined });

/** Shares the map's controller with panels (to fly to, add layer modules…) once the map exists. */
export function MapControllerProvider({ children }: { children: ReactNode }) {
  const [controller, setController] = useState<MapController | null>(null);
  return (
    <MapControllerContext.Provider value={{ controller, setController }}>{children}</MapControllerContext.Provider>
  );
}

/** The map's controller, or null before the map is created. */
export function useMapController(): MapController | null {
  return useContext(MapControllerContext).controller;
}

export function useSetMapController(): (controller: MapController | null) => void {
  return useContext(MapControllerContext).setController;
}
