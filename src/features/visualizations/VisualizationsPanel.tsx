import { useId } from 'react';
import { useAppDispatch, useAppSelector } from '../../app/hooks';
import {
  INDICATOR_GROUPS,
  INDICATOR_LEVELS,
  INDICATORS,
  indicatorById,
  PALETTE_LABELS,
  PALETTES,
  type IndicatorId,
  type PaletteId,
} from './indicators';
import { legendClasses } from './legendClasses';
import { VisualizationLegend } from './VisualizationLegend';
import { selectVisualizations, visualizationsActions } from './visualizationsSlice';
import './visualizations.css';

/**
 * Visualisations panel: level, metric (by group), palette and opacity (0–100, default 70), all
 * four applied to the map by 'Appliquer la visualisation'; then 'Masquer la visualisation', the legend
 * with class breaks and unit, and insights computed from the areas in view.
 */
export default function VisualizationsPanel() {
  const dispatch = useAppDispatch();
  const { draft, applied, applyStatus, insights } = useAppSelector(selectVisualizations);
  const ids = useId();
  const indicator = indicatorById(draft.indicator);
  const shown = applied ?? draft;
  const shownIndicator = indicatorById(shown.indicator);
  const classes = legendClasses(shownIndicator.breaks[shown.level], PALETTES[shown.palette], {
    percent: shownIndicator.percent,
  });

  return (
    <div className="visualizations-panel">
      <fieldset className="visualizations-panel__section">
        <legend>Niveau géographique</legend>
        <div className="visualizations-panel__levels">
          {INDICATOR_LEVELS.map((level) => (
            <label key={level.id} className="visualizations-choice">
              <input
                type="radio"
                name={`${ids}-level`}
                value={level.id}
                checked={draft.level === level.id}
                onChange={() => dispatch(visualizationsActions.draftChanged({ level: level.id }))}
              />
              <span className="visualizations-choice__label">{level.label}</span>
              <span className="visualizations-choice__hint">{level.zones}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="visualizations-panel__section">
        <label htmlFor={`${ids}-metric`} className="visualizations-panel__label">
          Indicateur
        </label>
        <select
          id={`${ids}-metric`}
          className="visualizations-select"
          value={draft.indicator}
          onChange={(event) =>
            dispatch(visualizationsActions.draftChanged({ indicator: event.target.value as IndicatorId }))
          }
        >
          {INDICATOR_GROUPS.map((group) => (
            <optgroup key={group} label={group}>
              {INDICATORS.filter((item) => item.group === group).map((item) => (
                <option key={item.id} value={item.id}>
                  {item.label}
                </option>
              ))}
            </optgroup>
          ))}
        </select>
        <p className="visualizations-panel__hint">
          {indicator.unit} — source : {indicator.source}
        </p>
      </div>

      <fieldset className="visualizations-panel__section">
        <legend>Palette de couleurs</legend>
        <div className="visualizations-panel__palettes">
          {(Object.keys(PALETTES) as PaletteId[]).map((palette) => (
            <label key={palette} className="visualizations-choice visualizations-choice--palette">
              <input
                type="radio"
                name={`${ids}-palette`}
                value={palette}
                checked={draft.palette === palette}
                onChange={() => dispatch(visualizationsActions.draftChanged({ palette }))}
              />
              <span className="visualizations-palette" aria-hidden="true">
                {PALETTES[palette].map((colour) => (
                  <span key={colour} style={{ background: colour }} />
                ))}
              </span>
              <span className="visualizations-choice__label">{PALETTE_LABELS[palette]}</span>
            </label>
          ))}
        </div>
      </fieldset>

      <div className="visualizations-panel__section">
        <label htmlFor={`${ids}-opacity`} className="visualizations-panel__label">
          Opacité : {draft.opacity} %
        </label>
        <input
          id={`${ids}-opacity`}
          type="range"
          min={0}
          max={100}
          step={5}
          value={draft.opacity}
          className="visualizations-range"
          onChange={(event) => dispatch(visualizationsActions.draftChanged({ opacity: Number(event.target.value) }))}
        />
      </div>

      <div className="visualizations-panel__actions">
        <button
          type="button"
          className="visualizations-button visualizations-button--primary"
          disabled={applyStatus === 'applying'}
          onClick={() => dispatch(visualizationsActions.visualizationApplied())}
        >
          {applyStatus === 'applying' ? 'Application en cours...' : 'Appliquer la visualisation'}
        </button>
        {applied ? (
          <button
            type="button"
            className="visualizations-button"
            onClick={() => dispatch(visualizationsActions.visualizationHidden())}
          >
            Masquer la visualisation
          </button>
        ) : null}
      </div>

      {applied ? (
        <p className="visualizations-panel__applied" role="status" data-testid="visualization-applied">
          Affiché : {shownIndicator.label} par {INDICATOR_LEVELS.find((level) => level.id === shown.level)?.label},
          palette {PALETTE_LABELS[shown.palette].toLowerCase()}, opacité {shown.opacity} %.
        </p>
      ) : null}

      <VisualizationLegend
        title={shownIndicator.label}
        unit={shownIndicator.unit}
        classes={classes}
        opacity={shown.opacity / 100}
      />

      <section
        className="visualizations-insights"
        aria-labelledby={`${ids}-insights`}
        data-testid="visualization-insights"
      >
        <h3 id={`${ids}-insights`} className="visualizations-insights__title">
          Analyse de la zone affichée
        </h3>
        {!applied ? (
          <p className="visualizations-panel__hint">Appliquez une visualisation pour analyser les zones visibles.</p>
        ) : insights.status === 'computing' || insights.status === 'idle' ? (
          <p className="visualizations-panel__hint" role="status">
            Calcul en cours…
          </p>
        ) : insights.status === 'error' ? (
          <p className="visualizations-panel__error" role="alert">
            Erreur: {insights.error}
          </p>
        ) : (
          <>
            <ul className="visualizations-insights__list">
              {insights.sentences.map((sentence) => (
                <li key={sentence}>{sentence}</li>
              ))}
            </ul>
            <p className="visualizations-panel__hint">
              Calculé à partir des {insights.result?.areaCount ?? 0} zones visibles à l’écran ({shownIndicator.source}).
            </p>
          </>
        )}
      </section>
    </div>
  );
}
