import { describe, expect, it } from 'vitest';
import { loadLayout, saveLayout } from './layoutPersistence';
import { initialLayoutState, layoutActions, layoutSlice } from './layoutSlice';

const reduce = (...actions: Parameters<typeof layoutSlice.reducer>[1][]) =>
  actions.reduce(layoutSlice.reducer, initialLayoutState);

describe('layoutSlice', () => {
  it('opens several panels, toggles expansion and closes all', () => {
    const state = reduce(
      layoutActions.panelToggled('perimeter'),
      layoutActions.panelToggled('demographics'),
      layoutActions.panelExpansionToggled('demographics'),
    );
    expect(state.activePanels).toEqual(['perimeter', 'demographics']);
    expect(state.expandedPanels).toEqual(['demographics']);
    const closed = layoutSlice.reducer(state, layoutActions.panelToggled('demographics'));
    expect(closed.activePanels).toEqual(['perimeter']);
    expect(closed.expandedPanels).toEqual([]);
    expect(layoutSlice.reducer(state, layoutActions.allPanelsClosed()).activePanels).toEqual([]);
  });

  it('makes a newly selected zone active and moves on when it is deselected', () => {
    const state = reduce(layoutActions.zoneSelectionToggled('a'), layoutActions.zoneSelectionToggled('b'));
    expect(state).toMatchObject({ selectedZones: ['a', 'b'], activeZoneId: 'b' });
    expect(layoutSlice.reducer(state, layoutActions.zoneSelectionToggled('b'))).toMatchObject({
      selectedZones: ['a'],
      activeZoneId: 'a',
    });
  });

  it('clamps panel widths (left 280–480, right 480–1000)', () => {
    expect(reduce(layoutActions.leftPanelWidthSet(100)).leftPanelWidth).toBe(280);
    expect(reduce(layoutActions.rightPanelWidthSet(5000)).rightPanelWidth).toBe(1000);
  });

  it('persists and restores the layout as panel-layout-store, ignoring corrupt entries', () => {
    const memory = new Map<string, string>();
    const storage = {
      getItem: (key: string) => memory.get(key) ?? null,
      setItem: (key: string, value: string) => void memory.set(key, value),
    };
    const state = reduce(
      layoutActions.panelToggled('real-estate'),
      layoutActions.zoneSelected('zone-1'),
      layoutActions.comparisonModeToggled(),
    );
    saveLayout(state, storage);
    expect(JSON.parse(memory.get('panel-layout-store') ?? '{}')).toMatchObject({
      state: { activePanels: ['real-estate'], comparisonMode: true },
    });
    expect(loadLayout(storage)).toEqual(state);
    memory.set('panel-layout-store', '{not json');
    expect(loadLayout(storage)).toEqual(initialLayoutState);
    memory.set(
      'panel-layout-store',
      JSON.stringify({ state: { activePanels: ['nope', 'export'], rightPanelWidth: 99999 } }),
    );
    expect(loadLayout(storage)).toMatchObject({ activePanels: ['export'], rightPanelWidth: 1000 });
  });
});
