import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { AggregatedDemographics } from '../../../kernel/demographics/aggregateDemographics';
import type { Zone } from '../../../kernel/zones/Zone';

/** Results are kept 5 minutes. */
export const DEMOGRAPHICS_CACHE_MS = 300_000;

/** Loading, then data or error — per zone. */
export interface ZoneDemographics {
  status: 'loading' | 'loaded' | 'error';
  /** Identity of the zone's geometry the figures belong to. */
  key: string;
  data: AggregatedDemographics | null;
  error: string | null;
  loadedAt: number | null;
}

export interface DemographicsState {
  byZone: Record<string, ZoneDemographics>;
}

const initialState: DemographicsState = { byZone: {} };

/** What identifies a zone's geometry: a zone edited in place is analysed again. */
export function demographicsKey(zone: Zone): string {
  return `${zone.id}:${zone.updatedAt ?? ''}:${JSON.stringify(zone.geometry).length}`;
}

export const demographicsSlice = createSlice({
  name: 'demographics',
  initialState,
  reducers: {
    /** Load the demographics of these zones (the active one first); replaces any request in flight. */
    demographicsRequested(_state, _action: PayloadAction<{ zones: Zone[]; force?: boolean }>) {},
    zoneLoading(state, action: PayloadAction<{ zoneId: string; key: string }>) {
      const previous = state.byZone[action.payload.zoneId];
      state.byZone[action.payload.zoneId] = {
        status: 'loading',
        key: action.payload.key,
        data: previous?.key === action.payload.key ? previous.data : null,
        error: null,
        loadedAt: previous?.loadedAt ?? null,
      };
    },
    zoneLoaded(
      state,
      action: PayloadAction<{ zoneId: string; key: string; data: AggregatedDemographics; loadedAt: number }>,
    ) {
      const { zoneId, key, data, loadedAt } = action.payload;
      state.byZone[zoneId] = { status: 'loaded', key, data, error: null, loadedAt };
    },
    zoneFailed(state, action: PayloadAction<{ zoneId: string; key: string; error: string }>) {
      const { zoneId, key, error } = action.payload;
      state.byZone[zoneId] = { status: 'error', key, data: null, error, loadedAt: null };
    },
    /** A cancelled load leaves the zone as it was before (cached data, if any). */
    zoneCancelled(state, action: PayloadAction<string>) {
      const entry = state.byZone[action.payload];
      if (entry?.status !== 'loading') return;
      if (entry.data) entry.status = 'loaded';
      else state.byZone = Object.fromEntries(Object.entries(state.byZone).filter(([id]) => id !== action.payload));
    },
  },
});

export const demographicsActions = demographicsSlice.actions;

export const selectZoneDemographics = (state: { demographics: DemographicsState }, zoneId: string | undefined): ZoneDemographics | undefined =>
  zoneId ? state.demographics.byZone[zoneId] : undefined;

/** Whether a zone's figures are fresh enough to skip a new request. */
export function isFresh(entry: ZoneDemographics | undefined, key: string, now: number): boolean {
  return (
    entry?.status === 'loaded' &&
    entry.key === key &&
    entry.loadedAt !== null &&
    now - entry.loadedAt < DEMOGRAPHICS_CACHE_MS
  );
}
