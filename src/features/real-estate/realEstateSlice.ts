import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ZoneStatistics } from '../../../kernel/real-estate/realEstateSchemas';
import type { RealEstateFilters } from '../../../kernel/real-estate/realEstateTypes';
import type { Zone } from '../../../kernel/zones/Zone';
import type { SearchResponse } from './realEstateApi';

export type LoadStatus = 'idle' | 'loading' | 'ready' | 'error';

export interface RealEstateState {
  analysis: {
    zoneId: string | null;
    status: LoadStatus;
    statistics: ZoneStatistics | null;
    error: string | null;
  };
  search: {
    filters: RealEstateFilters;
    page: number;
    status: LoadStatus;
    result: SearchResponse | null;
    error: string | null;
  };
}

export const initialRealEstateState: RealEstateState = {
  analysis: { zoneId: null, status: 'idle', statistics: null, error: null },
  search: { filters: {}, page: 1, status: 'idle', result: null, error: null },
};

/** The real-estate panel's server state: the active zone's statistics and the advanced search. */
export const realEstateSlice = createSlice({
  name: 'realEstate',
  initialState: initialRealEstateState,
  reducers: {
    analysisRequested(state, action: PayloadAction<{ zone: Zone }>) {
      state.analysis = { ...state.analysis, zoneId: action.payload.zone.id, status: 'loading', error: null };
    },
    analysisLoaded(state, action: PayloadAction<{ zoneId: string; statistics: ZoneStatistics }>) {
      if (state.analysis.zoneId !== action.payload.zoneId) return;
      state.analysis = { zoneId: action.payload.zoneId, status: 'ready', statistics: action.payload.statistics, error: null };
    },
    analysisFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.analysis.zoneId !== action.payload.zoneId) return;
      state.analysis = { zoneId: action.payload.zoneId, status: 'error', statistics: null, error: action.payload.error };
    },
    searchRequested(state, action: PayloadAction<{ filters: RealEstateFilters; page: number }>) {
      state.search = { ...state.search, ...action.payload, status: 'loading', error: null };
    },
    searchLoaded(state, action: PayloadAction<SearchResponse>) {
      state.search = { ...state.search, status: 'ready', result: action.payload, error: null };
    },
    searchFailed(state, action: PayloadAction<string>) {
      state.search = { ...state.search, status: 'error', result: null, error: action.payload };
    },
    searchReset(state) {
      state.search = initialRealEstateState.search;
    },
  },
});

export const realEstateActions = realEstateSlice.actions;
