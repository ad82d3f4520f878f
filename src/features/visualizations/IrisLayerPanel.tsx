import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  IRIS_HEATMAPS,
  IRIS_LAYER_MODE_LABELS,
  IRIS_LAYER_MODES,
  isHeatmapMode,
} from './irisLayerModes';
import { legendClasses } from './legendClasses';
import { VisualizationLegend } from './VisualizationLegend';
import { selectVisualizations, visualizationsActions } from './visualizationsSlice';
import './visualizations.css';

/**
 * IRIS map panel: show or hide the IRIS (hidden ↔ basic) and choose the display mode
 * (basic outlines, population, revenue, land value heat-maps) with its legend.
 */
export default function IrisLayerPanel() {
  const dispatch = useAppDispatch();
  const { irisMode } = useAppSelector(selectVisualizations);
  const ids = useId();
  return (
    <div className="visualizations-panel">
      <button
        type="button"
        className="visualizations-button visualizations-button--primary"
        aria-pressed={irisMode !== 'hidden'}
        onClick={() => dispatch(visualizationsActions.irisLayerToggled())}
      >
        {irisMode === 'hidden' ? 'Afficher les IRIS' : 'Masquer les IRIS'}
      </button>
      <fieldset className="visualizations-panel__section">
        <legend>Affichage des IRIS</legend>
        {IRIS_LAYER_MODES.map((mode) => (
          <label key={mode} className="visualizations-choice">
            <input
              type="radio"
              name={`${ids}-mode`}
              value={mode}
              checked={irisMode === mode}
              onChange={() => dispatch(visualizationsActions.irisLayerModeChanged(mode))}
            />
            <span className="visualizations-choice__label">{IRIS_LAYER_MODE_LABELS[mode]}</span>
          </label>
        ))}
      </fieldset>
      <p className="visualizations-panel__hint">
        Contours à partir du zoom 10, noms à partir du zoom 13. Cliquez sur un IRIS pour le sélectionner et voir son
        détail ; cliquez à nouveau pour le désélectionner.
      </p>
      {isHeatmapMode(irisMode) ? (
        <VisualizationLegend
          title={IRIS_HEATMAPS[irisMode].label}
          unit={IRIS_HEATMAPS[irisMode].unit}
          classes={legendClasses(IRIS_HEATMAPS[irisMode].stops, IRIS_HEATMAPS[irisMode].colours)}
          opacity={0.7}
          missingHatched={false}
        />
      ) : null}
    </div>
  );
}
