import type { CSSProperties } from 'react';
import { MapControllerProvider } from '../map/MapControllerContext';
import { MapView } from '../map/MapView';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { MapErrorScreen, PanelErrorScreen } from './errors/ErrorScreens';
import { LeftToolbar } from './layout/LeftToolbar';
import { MapPanelControls } from './layout/MapPanelControls';
import { usePanelStackLayout } from './layout/usePanelStackLayout';
import { RightPanelStack } from './panels/RightPanelStack';

/**
 * The main screen: full-screen map (its own error screen), the map panel buttons, the left toolbar and
 * the right panels (their own error screen). `--panel-stack-width` lets map controls avoid the panels.
 */
export function MapScreen() {
  const layout = usePanelStackLayout();
  return (
    <MapControllerProvider>
      <main
        className="map-screen"
        data-panels-open={layout.placements.length > 0 || undefined}
        style={{ '--panel-stack-width': `${layout.occupiedWidth}px` } as CSSProperties}
      >
        <h1 className="visually-hidden">Zonalyse — carte</h1>
        <ErrorBoundary name="carte" fallback={(error) => <MapErrorScreen error={error} />}>
          <MapView />
        </ErrorBoundary>
        <MapPanelControls />
        <LeftToolbar />
        <ErrorBoundary name="panneaux" fallback={(error, reset) => <PanelErrorScreen error={error} onRetry={reset} />}>
          <RightPanelStack layout={layout} />
        </ErrorBoundary>
      </main>
    </MapControllerProvider>
  );
}
