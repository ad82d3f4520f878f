import { describe, expect, it } from 'vitest';
import { irisSelectionProperties } from './irisSelection';
import {
  DEFAULT_OPACITY,
  initialVisualizationsState,
  visualizationsActions as actions,
  visualizationsSlice,
  type VisualizationsState,
} from './visualizationsSlice';

const reduce = (state: VisualizationsState, ...list: Parameters<typeof visualizationsSlice.reducer>[1][]) =>
  list.reduce(visualizationsSlice.reducer, state);
const halles = irisSelectionProperties('751010201', { nom_iris: 'Les Halles 1' });
const vendome = irisSelectionProperties('751010401', {});

describe('visualizations slice', () => {
  it('starts hidden with opacity 70 and nothing applied', () => {
    expect(initialVisualizationsState).toMatchObject({ irisMode: 'hidden', applied: null, selectedIris: null });
    expect(initialVisualizationsState.draft.opacity).toBe(DEFAULT_OPACITY);
  });

  it('toggles hidden ↔ basic; hiding clears the selection', () => {
    const shown = reduce(initialVisualizationsState, actions.irisLayerToggled(), actions.irisClicked(halles));
    expect(shown.irisMode).toBe('basic');
    expect(shown.selectedIris?.iris_code).toBe('751010201');
    expect(shown.detail.status).toBe('loading');
    const hidden = reduce(shown, actions.irisLayerModeChanged('revenue'), actions.irisLayerToggled());
    expect(hidden.irisMode).toBe('hidden');
    expect(hidden.selectedIris).toBeNull();
  });

  it('selects one IRIS at a time and deselects it on a second click', () => {
    const state = reduce(initialVisualizationsState, actions.irisClicked(halles), actions.irisClicked(vendome));
    expect(state.selectedIris?.iris_code).toBe('751010401');
    expect(reduce(state, actions.irisClicked(vendome)).selectedIris).toBeNull();
  });

  it('ignores the details of an IRIS no longer selected', () => {
    const state = reduce(initialVisualizationsState, actions.irisClicked(halles), actions.irisClicked(vendome));
    const late = reduce(state, actions.irisDetailFailed({ irisCode: '751010201', error: 'x' }));
    expect(late.detail.status).toBe('loading');
  });

  it('applies all four choices, turns the IRIS boundaries on, and hides again', () => {
    const applied = reduce(
      initialVisualizationsState,
      actions.draftChanged({ level: 'commune', indicator: 'median_income', palette: 'heat', opacity: 140 }),
      actions.visualizationApplied(),
    );
    expect(applied.applied).toEqual({ level: 'commune', indicator: 'median_income', palette: 'heat', opacity: 100 });
    expect(applied.applyStatus).toBe('applying');
    expect(applied.irisMode).toBe('basic');
    // Palette and opacity follow at once; level and metric wait for 'Appliquer'.
    const restyled = reduce(applied, actions.draftChanged({ opacity: 30, palette: 'greens', level: 'region' }));
    expect(restyled.applied).toMatchObject({ level: 'commune', opacity: 30, palette: 'greens' });
    const hidden = reduce(restyled, actions.visualizationHidden());
    expect(hidden.applied).toBeNull();
    expect(hidden.insights.status).toBe('idle');
  });

  it('a heat-map mode replaces the applied visualisation', () => {
    const state = reduce(
      initialVisualizationsState,
      actions.visualizationApplied(),
      actions.irisLayerModeChanged('population'),
    );
    expect(state.applied).toBeNull();
    expect(state.irisMode).toBe('population');
  });
});
