import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { Zone } from '../../../kernel/zones/Zone';
import type { AdministrativeUnit } from '../../../kernel/zones/administrativeZone';

/** A node of the administrative tree: a unit to add, or a grouping (France, DOM-TOM). */
export interface TerritoryTreeNode {
  key: string;
  label: string;
  unit?: AdministrativeUnit;
  /** False for a leaf (IRIS). */
  expandable: boolean;
}

/** The administrative tree, loaded node by node by the zones saga. */
export interface TerritoryTreeState {
  /** Children by node key ('france', 'region-11', 'department-75', 'commune-75111', 'dom-tom'). */
  children: Record<string, TerritoryTreeNode[]>;
  /** Nodes whose children are being loaded. */
  loading: string[];
  /** Units being added (their boundary is being fetched), by zone id. */
  adding: string[];
}

/** Zone sync status. */
export type ZoneSyncStatus = 'idle' | 'syncing' | 'error';

export interface ZonesState {
  zones: Zone[];
  loaded: boolean;
  syncStatus: ZoneSyncStatus;
  syncError: string | null;
  /** Layer visibility per zone (default visible). */
  hiddenZoneIds: string[];
  /** The last zone the server refused to save (the panel alerts about it), with a counter to tell repeats apart. */
  lastFailure: { zoneId: string; message: string; sequence: number } | null;
  /** Drawing: idle, drawing (points clicked on the map, [lng, lat]); completing creates a zone. */
  drawing: { active: boolean; points: [number, number][] };
  /** The isochrone previewed by the create-zone view (re-contoured locally as the slider moves). */
  preview: Feature<Polygon | MultiPolygon> | null;
  territoryTree: TerritoryTreeState;
}

export const initialZonesState: ZonesState = {
  zones: [],
  loaded: false,
  syncStatus: 'idle',
  syncError: null,
  hiddenZoneIds: [],
  lastFailure: null,
  drawing: { active: false, points: [] },
  preview: null,
  territoryTree: { children: {}, loading: [], adding: [] },
};

/** The zone store's error messages. */
export const ZONE_STORE_ERRORS = {
  save: 'Failed to save zone to backend',
  delete: 'Failed to delete zone from backend',
  clear: 'Failed to clear zones from backend',
  unknown: 'Unknown error',
} as const;

/** The user's zones. The perimeter feature owns the sagas that sync them with /api/user-zones. */
export const zonesSlice = createSlice({
  name: 'zones',
  initialState: initialZonesState,
  reducers: {
    zonesReplaced(state, action: PayloadAction<Zone[]>) {
      state.zones = action.payload;
      state.loaded = true;
    },
    zoneAdded(state, action: PayloadAction<Zone>) {
      state.zones = [...state.zones.filter((zone) => zone.id !== action.payload.id), action.payload];
    },
    /** Puts a zone back at its former place (rollback of an optimistic delete). */
    zoneRestored(state, action: PayloadAction<{ zone: Zone; index: number }>) {
      const zones = state.zones.filter((zone) => zone.id !== action.payload.zone.id);
      zones.splice(Math.min(action.payload.index, zones.length), 0, action.payload.zone);
      state.zones = zones;
    },
    zoneRemoved(state, action: PayloadAction<string>) {
      state.zones = state.zones.filter((zone) => zone.id !== action.payload);
      state.hiddenZoneIds = state.hiddenZoneIds.filter((id) => id !== action.payload);
    },
    zonesCleared(state) {
      state.zones = [];
      state.hiddenZoneIds = [];
    },
    zoneVisibilityToggled(state, action: PayloadAction<string>) {
      const index = state.hiddenZoneIds.indexOf(action.payload);
      if (index === -1) state.hiddenZoneIds.push(action.payload);
      else state.hiddenZoneIds.splice(index, 1);
    },
    drawingStarted(state) {
      state.drawing = { active: true, points: [] };
    },
    drawingPointAdded(state, action: PayloadAction<[number, number]>) {
      if (state.drawing.active) state.drawing.points.push(action.payload);
    },
    /** Cancel, or the end of a completed drawing: markers and shape go away. */
    drawingEnded(state) {
      state.drawing = { active: false, points: [] };
    },
    previewShown(state, action: PayloadAction<Feature<Polygon | MultiPolygon> | null>) {
      state.preview = action.payload;
    },
    zoneSaveFailed(state, action: PayloadAction<{ zoneId: string; message: string }>) {
      state.lastFailure = { ...action.payload, sequence: (state.lastFailure?.sequence ?? 0) + 1 };
    },
    /** (saga): load the children of a node of the administrative tree. */
    territoryChildrenRequested(state, action: PayloadAction<string>) {
      if (!state.territoryTree.loading.includes(action.payload)) state.territoryTree.loading.push(action.payload);
    },
    territoryChildrenLoaded(state, action: PayloadAction<{ key: string; nodes: TerritoryTreeNode[] }>) {
      state.territoryTree.children[action.payload.key] = action.payload.nodes;
      state.territoryTree.loading = state.territoryTree.loading.filter((key) => key !== action.payload.key);
    },
    /** Tree loading failures are silent: the node stays empty (collapse and expand to retry). */
    territoryChildrenFailed(state, action: PayloadAction<string>) {
      // The view's first list: shown empty (France collapsed) rather than loading for ever.
      if (action.payload === 'france') state.territoryTree.children.france = [];
      state.territoryTree.loading = state.territoryTree.loading.filter((key) => key !== action.payload);
    },
    /** (saga): fetch the unit's boundary and create its zone (toasts when already listed or on failure). */
    territoryZoneAddRequested(state, action: PayloadAction<AdministrativeUnit>) {
      const id = `${action.payload.level}-${action.payload.code}`;
      if (!state.territoryTree.adding.includes(id)) state.territoryTree.adding.push(id);
    },
    territoryZoneAddEnded(state, action: PayloadAction<string>) {
      state.territoryTree.adding = state.territoryTree.adding.filter((id) => id !== action.payload);
    },
    /** (saga): load the saved zones; replaces the local ones. */
    zonesLoadRequested() {},
    /** (saga): optimistic add, then save; removed again if the server refuses. */
    zoneCreateRequested(_state, _action: PayloadAction<Zone>) {},
    /** (saga): optimistic delete, restored on failure. */
    zoneDeleteRequested(_state, _action: PayloadAction<string>) {},
    /** (saga): optimistic clear-all, restored on failure. */
    zonesClearRequested() {},
    /** (saga): retry (a new sync) only when the status is error. */
    zonesRetryRequested() {},
    syncStatusChanged(state, action: PayloadAction<{ status: ZoneSyncStatus; error?: string | null }>) {
      state.syncStatus = action.payload.status;
      state.syncError = action.payload.error ?? null;
    },
  },
});

export const zonesActions = zonesSlice.actions;
