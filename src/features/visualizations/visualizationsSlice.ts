import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { IndicatorId, IndicatorLevel, PaletteId } from './indicators';
import type { IrisDetail } from '../../../kernel/visualizations/irisSchemas';
import { isHeatmapMode, toggledIrisLayerMode, type IrisLayerMode } from './irisLayerModes';
import type { AreaInsights } from './insights';
import type { IrisSelectionProperties } from './irisSelection';

/** Default opacity 70. */
export const DEFAULT_OPACITY = 70;

export interface ChoroplethSettings {
  level: IndicatorLevel;
  indicator: IndicatorId;
  palette: PaletteId;
  /** 0–100. */
  opacity: number;
}

/** IRIS layer and visualisation states, the selected IRIS and the insights of the view. */
export interface VisualizationsState {
  irisMode: IrisLayerMode;
  /** None or one selected IRIS, with its map-selection properties. */
  selectedIris: IrisSelectionProperties | null;
  detail: { status: 'idle' | 'loading' | 'loaded' | 'error'; data: IrisDetail | null; error: string | null };
  /** The choices of the panel (not yet applied). */
  draft: ChoroplethSettings;
  /** What the map shows; null when no visualisation is applied. */
  applied: ChoroplethSettings | null;
  /** 'applying' until the map has drawn the applied visualisation ('Application en cours...'). */
  applyStatus: 'idle' | 'applying';
  insights: {
    status: 'idle' | 'computing' | 'ready' | 'error';
    result: AreaInsights | null;
    sentences: string[];
    error: string | null;
  };
}

export const initialVisualizationsState: VisualizationsState = {
  irisMode: 'hidden',
  selectedIris: null,
  detail: { status: 'idle', data: null, error: null },
  draft: { level: 'iris', indicator: 'population_density', palette: 'blues', opacity: DEFAULT_OPACITY },
  applied: null,
  applyStatus: 'idle',
  insights: { status: 'idle', result: null, sentences: [], error: null },
};

const clearSelection = (state: VisualizationsState) => {
  state.selectedIris = null;
  state.detail = { status: 'idle', data: null, error: null };
};

export const visualizationsSlice = createSlice({
  name: 'visualizations',
  initialState: initialVisualizationsState,
  reducers: {
    /** Hidden ↔ basic; any visible mode goes to hidden. */
    irisLayerToggled(state) {
      const next = toggledIrisLayerMode(state.irisMode);
      if (next === 'hidden') clearSelection(state);
      state.irisMode = next;
    },
    /** Switching mode; hiding clears the selection and the heat-map. A heat-map replaces the visualisation. */
    irisLayerModeChanged(state, action: PayloadAction<IrisLayerMode>) {
      if (action.payload === 'hidden') clearSelection(state);
      if (isHeatmapMode(action.payload)) {
        state.applied = null;
        state.applyStatus = 'idle';
        state.insights = initialVisualizationsState.insights;
      }
      state.irisMode = action.payload;
    },
    /** Clicking an IRIS selects it (replacing the previous one); clicking it again deselects it. */
    irisClicked(state, action: PayloadAction<IrisSelectionProperties>) {
      if (state.selectedIris?.iris_code === action.payload.iris_code) clearSelection(state);
      else {
        state.selectedIris = action.payload;
        state.detail = { status: 'loading', data: null, error: null };
      }
    },
    /** 'Fermer' of the IRIS detail panel. */
    irisSelectionCleared(state) {
      clearSelection(state);
    },
    irisDetailLoaded(state, action: PayloadAction<IrisDetail>) {
      if (state.selectedIris?.iris_code !== action.payload.iris_code) return;
      state.detail = { status: 'loaded', data: action.payload, error: null };
    },
    irisDetailFailed(state, action: PayloadAction<{ irisCode: string; error: string }>) {
      if (state.selectedIris?.iris_code !== action.payload.irisCode) return;
      state.detail = { status: 'error', data: null, error: action.payload.error };
    },
    draftChanged(state, action: PayloadAction<Partial<ChoroplethSettings>>) {
      const draft = { ...state.draft, ...action.payload };
      draft.opacity = Math.min(100, Math.max(0, Math.round(draft.opacity)));
      state.draft = draft;
      // Opacity and palette of the applied visualisation follow the slider and swatches at once.
      if (state.applied && (action.payload.opacity !== undefined || action.payload.palette !== undefined))
        state.applied = { ...state.applied, opacity: draft.opacity, palette: draft.palette };
    },
    /** 'Appliquer la visualisation': applies all four choices; IRIS boundaries are turned on if off. */
    visualizationApplied(state) {
      state.applied = { ...state.draft };
      state.applyStatus = 'applying';
      if (state.irisMode === 'hidden' || isHeatmapMode(state.irisMode)) state.irisMode = 'basic';
      state.insights = { ...initialVisualizationsState.insights, status: 'computing' };
    },
    /** The map has drawn the applied visualisation. */
    visualizationRendered(state) {
      state.applyStatus = 'idle';
    },
    /** 'Masquer la visualisation'. */
    visualizationHidden(state) {
      state.applied = null;
      state.applyStatus = 'idle';
      state.insights = initialVisualizationsState.insights;
    },
    insightsRequested(state) {
      state.insights.status = 'computing';
    },
    insightsComputed(state, action: PayloadAction<{ result: AreaInsights; sentences: string[] }>) {
      if (!state.applied) return;
      state.insights = {
        status: 'ready',
        result: action.payload.result,
        sentences: action.payload.sentences,
        error: null,
      };
    },
    insightsFailed(state, action: PayloadAction<string>) {
      state.insights = { status: 'error', result: null, sentences: [], error: action.payload };
    },
  },
});

export const visualizationsActions = visualizationsSlice.actions;

export const selectVisualizations = (state: { visualizations: VisualizationsState }) => state.visualizations;
