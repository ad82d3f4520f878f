import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import type { Zone } from '../../../kernel/zones/Zone';

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
