import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Zone } from '../../core/zones/Zone';

/** Spec §4: zone sync status. */
export type ZoneSyncStatus = 'idle' | 'syncing' | 'error';

export interface ZonesState {
  zones: Zone[];
  loaded: boolean;
  syncStatus: ZoneSyncStatus;
  syncError: string | null;
  /** Layer visibility per zone (default visible). */
  hiddenZoneIds: string[];
}

export const initialZonesState: ZonesState = {
  zones: [],
  loaded: false,
  syncStatus: 'idle',
  syncError: null,
  hiddenZoneIds: [],
};

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
    syncStatusChanged(state, action: PayloadAction<{ status: ZoneSyncStatus; error?: string | null }>) {
      state.syncStatus = action.payload.status;
      state.syncError = action.payload.error ?? null;
    },
  },
});

export const zonesActions = zonesSlice.actions;
