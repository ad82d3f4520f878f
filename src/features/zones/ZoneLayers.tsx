import { useEffect, useMemo, useRef } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { useMapController } from '../../map/MapControllerContext';
import {
  DRAWING_SOURCE,
  ZONES_SOURCE,
  drawingFeatureCollection,
  zoneLayerModule,
  zonesFeatureCollection,
} from './zoneLayerData';
import { useZoneFailureToasts } from './useZoneFailureToasts';
import { zonesActions } from './zonesSlice';

/**
 * Always mounted on the map screen: loads the saved zones once, draws the zones (visible
 * ones, in their colours) and the polygon being drawn, and turns map clicks into vertices while drawing.
 */
export function ZoneLayers() {
  const dispatch = useAppDispatch();
  const controller = useMapController();
  const zones = useAppSelector((state) => state.zones.zones);
  const loaded = useAppSelector((state) => state.zones.loaded);
  const hidden = useAppSelector((state) => state.zones.hiddenZoneIds);
  const selected = useAppSelector((state) => state.layout.selectedZones);
  const drawing = useAppSelector((state) => state.zones.drawing);
  useZoneFailureToasts();

  // Once, while the saved zones are not loaded yet: later loads are the saga's (after creations, retries).
  useEffect(() => {
    if (!loaded) dispatch(zonesActions.zonesLoadRequested());
  }, [dispatch, loaded]);

  const zonesData = useMemo(() => zonesFeatureCollection(zones, hidden, selected), [zones, hidden, selected]);
  const preview = useAppSelector((state) => state.zones.preview);
  const drawingData = useMemo(() => drawingFeatureCollection(drawing.points, preview), [drawing.points, preview]);
  const latest = useRef({ zonesData, drawingData });
  useEffect(() => {
    latest.current = { zonesData, drawingData };
  }, [zonesData, drawingData]);

  useEffect(() => {
    if (!controller) return;
    controller.addModule(
      zoneLayerModule({ zones: () => latest.current.zonesData, drawing: () => latest.current.drawingData }),
    );
    return () => controller.removeModule('perimeter-zones');
  }, [controller]);

  useEffect(() => {
    controller?.setGeoJson(ZONES_SOURCE, zonesData);
  }, [controller, zonesData]);
  useEffect(() => {
    controller?.setGeoJson(DRAWING_SOURCE, drawingData);
  }, [controller, drawingData]);

  useEffect(() => {
    if (!controller || !drawing.active) return;
    return controller.capturePoints((point) => dispatch(zonesActions.drawingPointAdded(point)));
  }, [controller, drawing.active, dispatch]);

  return null;
}
