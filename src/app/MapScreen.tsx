import { MapControllerProvider } from '../map/MapControllerContext';
import { MapView } from '../map/MapView';
import { LeftToolbar } from './layout/LeftToolbar';
import { RightPanelStack } from './panels/RightPanelStack';
import { ToastStack } from './toasts/ToastStack';

/** The main screen: full-screen map, left toolbar, right panels, toasts. */
export function MapScreen() {
  return (
    <MapControllerProvider>
      <main className="map-screen">
        <MapView />
        <LeftToolbar />
        <RightPanelStack />
        <ToastStack />
      </main>
    </MapControllerProvider>
  );
}
