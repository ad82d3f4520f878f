import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PanelId } from './panelIds';

/** Panel widths. */
export const LEFT_PANEL_WIDTH = { default: 320, min: 280, max: 480 } as const;
export const RIGHT_PANEL_WIDTH = { default: 600, expanded: 1000, min: 480, max: 1000 } as const;
export const TOOLBAR_WIDTH = 60;
export const PANEL_OFFSET = 24;

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));

/** "Layout state" (persisted as `panel-layout-store`) plus the expanded panels and active zone. */
export interface LayoutState {
  leftPanelOpen: boolean;
  activePanels: PanelId[];
  expandedPanels: PanelId[];
  comparisonMode: boolean;
  selectedZones: string[];
  activeZoneId: string | null;
  leftPanelWidth: number;
  rightPanelWidth: number;
}

export const initialLayoutState: LayoutState = {
  leftPanelOpen: false,
  activePanels: [],
  expandedPanels: [],
  comparisonMode: false,
  selectedZones: [],
  activeZoneId: null,
  leftPanelWidth: LEFT_PANEL_WIDTH.default,
  rightPanelWidth: RIGHT_PANEL_WIDTH.default,
};

export const layoutSlice = createSlice({
  name: 'layout',
  initialState: initialLayoutState,
  reducers: {
    panelToggled(state, action: PayloadAction<PanelId>) {
      const index = state.activePanels.indexOf(action.payload);
      if (index === -1) state.activePanels.push(action.payload);
      else {
        state.activePanels.splice(index, 1);
        state.expandedPanels = state.expandedPanels.filter((panel) => panel !== action.payload);
      }
    },
    panelOpened(state, action: PayloadAction<PanelId>) {
      if (!state.activePanels.includes(action.payload)) state.activePanels.push(action.payload);
    },
    /** Opens a panel if needed and makes it the front panel (last in `activePanels`, against the right edge). */
    panelBroughtToFront(state, action: PayloadAction<PanelId>) {
      state.activePanels = [...state.activePanels.filter((panel) => panel !== action.payload), action.payload];
    },
    panelClosed(state, action: PayloadAction<PanelId>) {
      state.activePanels = state.activePanels.filter((panel) => panel !== action.payload);
      state.expandedPanels = state.expandedPanels.filter((panel) => panel !== action.payload);
    },
    allPanelsClosed(state) {
      state.activePanels = [];
      state.expandedPanels = [];
    },
    panelExpansionToggled(state, action: PayloadAction<PanelId>) {
      const index = state.expandedPanels.indexOf(action.payload);
      if (index === -1) state.expandedPanels.push(action.payload);
      else state.expandedPanels.splice(index, 1);
    },
    leftPanelToggled(state) {
      state.leftPanelOpen = !state.leftPanelOpen;
    },
    comparisonModeToggled(state) {
      state.comparisonMode = !state.comparisonMode;
    },
    /** Clicking a zone row toggles its selection and, when newly selected, makes it active. */
    zoneSelectionToggled(state, action: PayloadAction<string>) {
      const index = state.selectedZones.indexOf(action.payload);
      if (index === -1) {
        state.selectedZones.push(action.payload);
        state.activeZoneId = action.payload;
      } else {
        state.selectedZones.splice(index, 1);
        if (state.activeZoneId === action.payload) state.activeZoneId = state.selectedZones[0] ?? null;
      }
    },
    zoneSelected(state, action: PayloadAction<string>) {
      if (!state.selectedZones.includes(action.payload)) state.selectedZones.push(action.payload);
      state.activeZoneId = action.payload;
    },
    zoneDeselected(state, action: PayloadAction<string>) {
      state.selectedZones = state.selectedZones.filter((id) => id !== action.payload);
      if (state.activeZoneId === action.payload) state.activeZoneId = state.selectedZones[0] ?? null;
    },
    zonesSelectionSet(state, action: PayloadAction<string[]>) {
      state.selectedZones = [...new Set(action.payload)];
      if (!state.activeZoneId || !state.selectedZones.includes(state.activeZoneId)) {
        state.activeZoneId = state.selectedZones[0] ?? null;
      }
    },
    zonesSelectionCleared(state) {
      state.selectedZones = [];
      state.activeZoneId = null;
    },
    leftPanelWidthSet(state, action: PayloadAction<number>) {
      state.leftPanelWidth = clamp(action.payload, LEFT_PANEL_WIDTH.min, LEFT_PANEL_WIDTH.max);
    },
    rightPanelWidthSet(state, action: PayloadAction<number>) {
      state.rightPanelWidth = clamp(action.payload, RIGHT_PANEL_WIDTH.min, RIGHT_PANEL_WIDTH.max);
    },
  },
});

export const layoutActions = layoutSlice.actions;
