import { useEffect, useMemo, useRef } from 'react';
import { FIT_TO_MARKERS_MAX_ZOOM } from '../../map/mapConstants';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMapController } from '../../map/MapControllerContext';
import { sendMarkerGroup } from '../../map/sendMarkerGroup';
import { businessMarkersWorker } from './businessMarkersWorkerClient';
import { businessesActions } from './businessesSlice';
import { BUSINESS_CLUSTER_COLOR, createBusinessesMarkersModule } from './businessesMarkersModule';
import './businesses.css';

/**
 * Draws the establishments switched on in the Businesses panel: every shown layer's establishments go
 * to the worker in chunks (locations + supercluster, off the main thread), the map fits them (padding 50, max
 * zoom 12) when a layer is added, and the layer module draws the view's markers.
 */
export function BusinessesMapLayers() {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const layers = useAppSelector((state) => state.businesses.mapLayers);
  const keys = Object.keys(layers).sort().join('|');
  const module = useMemo(
    () =>
      createBusinessesMarkersModule(
        (bbox, zoom) => businessMarkersWorker().markers(bbox, zoom),
        (business) => dispatch(businessesActions.businessLocated(business)),
      ),
    [dispatch],
  );
  const previousKeys = useRef('');
  const shown = keys.length > 0;

  useEffect(() => {
    if (!controller || !shown) return undefined;
    controller.addModule(module);
    return () => controller.removeModule(module.id);
  }, [controller, module, shown]);

  useEffect(() => {
    const added = keys.split('|').some((key) => key && !previousKeys.current.split('|').includes(key));
    previousKeys.current = keys;
    const businesses = Object.values(layers).flatMap((layer) => layer.businesses);
    void sendMarkerGroup(businessMarkersWorker(), 'businesses', BUSINESS_CLUSTER_COLOR, businesses).then((loaded) => {
      if (!loaded) return; // a newer set of layers replaced this one
      if (added && loaded.bounds && controller) controller.fitBounds(loaded.bounds, FIT_TO_MARKERS_MAX_ZOOM);
      else module.refresh();
    });
  }, [keys, layers, controller, module]);

  return null;
}
