import { useEffect, useMemo, useRef } from 'react';
import { useStore } from 'react-redux';
import type { RootState } from '../../app/store';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import { toastShown } from '../../app/shellActions';
import { indicatorById, INDICATOR_LEVELS } from './indicators';
import type { AreaValue } from './insights';
import { irisSelectionProperties } from './irisSelection';
import type { MapController } from '../../map/MapController';
import { useMapController } from '../../map/MapControllerContext';
import {
  CHOROPLETH_FILL_LAYER_ID,
  CHOROPLETH_MISSING_LAYER_ID,
  CHOROPLETH_SOURCE_ID,
  ChoroplethLayerModule,
} from './ChoroplethLayerModule';
import { insightsWorker } from './insightsWorkerClient';
import { IrisDetailPanel } from './IrisDetailPanel';
import { IrisLayerModule } from './IrisLayerModule';
import { selectVisualizations, visualizationsActions, type ChoroplethSettings } from './visualizationsSlice';
import './visualizations.css';

/** Waits before computing insights after the view stops moving. */
const INSIGHTS_DELAY_MS = 250;

/** The areas drawn in the part of the map left visible by the panels, with their indicator value. */
function visibleAreas(controller: MapController, settings: Pick<ChoroplethSettings, 'level' | 'indicator'>): AreaValue[] {
  if (!controller.hasLayer(CHOROPLETH_FILL_LAYER_ID)) return [];
  const property = indicatorById(settings.indicator).property;
  return controller.visibleFeatures([CHOROPLETH_FILL_LAYER_ID, CHOROPLETH_MISSING_LAYER_ID]).map((feature) => {
    const value = feature.properties[property] as unknown;
    return {
      code: String(feature.properties.code ?? feature.id),
      name: String(feature.properties.name ?? feature.properties.code ?? ''),
      value: typeof value === 'number' && Number.isFinite(value) ? value : null,
    };
  });
}

/**
 * Connects the visualisations state to the map: the IRIS layer (modes, hover, selection), the applied
 * visualisation and its insights (computed in a worker for the areas in view), and the IRIS detail panel.
 */
export function VisualizationsMapLayers() {
  const controller = useMapController();
  const dispatch = useAppDispatch();
  const { irisMode, selectedIris, applied, applyStatus } = useAppSelector(selectVisualizations);
  const store = useStore<RootState>();
  const modules = useMemo(
    () =>
      controller
        ? {
            iris: new IrisLayerModule(
              (code, properties) => {
                // While a zone is being drawn, map clicks are its vertices, not IRIS selections.
                if (!store.getState().zones.drawing.active)
                  dispatch(visualizationsActions.irisClicked(irisSelectionProperties(code, properties)));
              },
              (reason) =>
                dispatch(
                  toastShown({
                    type: 'warning',
                    title: 'Tuiles IRIS indisponibles',
                    message: `Failed to load IRIS data: ${reason}. Les contours IRIS sont chargés en GeoJSON.`,
                  }),
                ),
            ),
            choropleth: new ChoroplethLayerModule(),
          }
        : null,
    [controller, dispatch, store],
  );

  useEffect(() => {
    if (!controller || !modules) return;
    controller.addModule(modules.choropleth);
    controller.addModule(modules.iris);
    return () => {
      controller.removeModule(modules.iris.id);
      controller.removeModule(modules.choropleth.id);
    };
  }, [controller, modules]);

  useEffect(() => {
    if (controller && modules) controller.updateModule(modules.iris, irisMode, selectedIris?.iris_code ?? null);
  }, [controller, modules, irisMode, selectedIris]);

  useEffect(() => {
    if (controller && modules) controller.updateModule(modules.choropleth, applied);
  }, [controller, modules, applied]);

  // Applying the same settings again changes nothing on the map: a repaint brings the `idle` that ends it.
  // Insights are computed again after an apply or a move, once the map is idle (not after a hover repaint).
  const insightsStale = useRef(true);
  useEffect(() => {
    if (!controller || applyStatus !== 'applying') return;
    insightsStale.current = true;
    controller.repaint();
  }, [controller, applyStatus]);

  // Insights depend on the areas and the indicator only: a palette or opacity change does not recompute them.
  const level = applied?.level;
  const indicatorId = applied?.indicator;
  useEffect(() => {
    if (!controller || !modules || !level || !indicatorId) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let cancelled = false;
    const compute = () => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        const settings = { level, indicator: indicatorId };
        if (cancelled) return;
        const indicator = indicatorById(settings.indicator);
        const areas = visibleAreas(controller, settings);
        const areaWord =
          settings.level === 'iris'
            ? 'IRIS'
            : `zones (${INDICATOR_LEVELS.find((level) => level.id === settings.level)?.label ?? ''})`;
        insightsWorker()
          .analyse(
            areas,
            indicator.breaks[settings.level],
            { label: indicator.label, unit: indicator.unit, percent: indicator.percent },
            areaWord,
          )
          .then(
            (answer) => {
              if (!cancelled) dispatch(visualizationsActions.insightsComputed(answer));
            },
            (error: unknown) => {
              if (!cancelled)
                dispatch(visualizationsActions.insightsFailed(error instanceof Error ? error.message : String(error)));
            },
          );
      }, INSIGHTS_DELAY_MS);
    };
    const rendered = () => {
      if (!controller.isSourceLoaded(CHOROPLETH_SOURCE_ID)) return;
      dispatch(visualizationsActions.visualizationRendered());
      if (!insightsStale.current) return;
      insightsStale.current = false;
      compute();
    };
    const moved = () => {
      insightsStale.current = true;
    };
    let reported = false;
    const failed = (message: string | undefined) => {
      if (reported) return;
      reported = true;
      dispatch(visualizationsActions.visualizationRendered());
      dispatch(
        toastShown({
          type: 'error',
          title: 'Impossible d’appliquer la visualisation',
          message: `Erreur: ${message ?? 'tuiles indisponibles'}`,
        }),
      );
    };
    const unsubscriptions = [
      controller.onSourceError(CHOROPLETH_SOURCE_ID, failed),
      controller.onIdle(rendered),
      controller.onMoveEnd(moved),
    ];
    insightsStale.current = true;
    if (controller.isLoaded()) rendered();
    return () => {
      cancelled = true;
      clearTimeout(timer);
      for (const unsubscribe of unsubscriptions) unsubscribe();
    };
  }, [controller, modules, level, indicatorId, dispatch]);

  return selectedIris ? <IrisDetailPanel /> : null;
}
