import { MapView } from '../map/MapView';

/** The main screen: the full-screen map. */
export function MapScreen() {
  return (
    <main className="map-screen">
      <MapView />
    </main>
  );
}
