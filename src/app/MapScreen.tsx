import { useEffect, type CSSProperties } from 'react';
import { TOOLBAR_WIDTH } from './layout/layoutSlice';
import { MapControllerProvider, useMapController } from '../map/MapControllerContext';
import { MapView } from '../map/MapView';
import { ZoneLayers } from '../features/zones/ZoneLayers';
import { VisualizationsMapLayers } from '../features/visualizations/VisualizationsMapLayers';
import { BusinessesMapLayers } from '../features/businesses/BusinessesMapLayers';
import { PublicServicesMapLayers } from '../features/public-services/PublicServicesMapLayers';
import { MarketMapLayers } from '../features/market/MarketMapLayers';
import { ErrorBoundary } from './errors/ErrorBoundary';
import { MapErrorScreen, PanelErrorScreen } from './errors/ErrorScreens';
import { LeftToolbar } from './layout/LeftToolbar';
import { MapPanelControls } from './layout/MapPanelControls';
import { usePanelStackLayout } from './layout/usePanelStackLayout';
import { RightPanelStack } from './panels/RightPanelStack';

/** Keeps the map's view padding equal to what the toolbar and the right panels cover. */
function MapViewPadding({ right }: { right: number }) {
  const controller = useMapController();
  useEffect(() => {
    controller?.setViewPadding({ left: right > 0 ? 0 : TOOLBAR_WIDTH, right });
  }, [controller, right]);
  return null;
}

/**
 * The main screen: full-screen map (its own error screen), the map panel buttons, the left toolbar and
 * the right panels (their own error screen). `--panel-stack-width` lets map controls avoid the panels,
 * and the map's view padding keeps its centre (and fly-to targets) in the part left visible.
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
        <MapViewPadding right={layout.occupiedWidth} />
        <ZoneLayers />
        <MapPanelControls />
        <VisualizationsMapLayers />
        <PublicServicesMapLayers />
        <BusinessesMapLayers />
        <MarketMapLayers />
        <LeftToolbar />
        <ErrorBoundary name="panneaux" fallback={(error, reset) => <PanelErrorScreen error={error} onRetry={reset} />}>
          <RightPanelStack layout={layout} />
        </ErrorBoundary>
      </main>
    </MapControllerProvider>
  );
}
