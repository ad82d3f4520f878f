import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ClustersResponse, ZoneStatistics } from '../../../kernel/real-estate/realEstateSchemas';
import type { RealEstateFilters } from '../../../kernel/real-estate/realEstateTypes';
import type { Zone } from '../../../kernel/zones/Zone';
import type { SearchResponse } from './realEstateApi';
import type { GroupFilters, GroupSort } from './filterGroups';
import type { TransactionGroup } from './groupTransactions';

/** The map view the price clusters are asked for. */
export interface ClustersView {
  bounds: { north: number; south: number; east: number; west: number };
  zoom: number;
}

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
  /** 'Carte interactive': price clusters of the map view (the previous answer kept while loading). */
  clusters: { status: LoadStatus; response: ClustersResponse | null; error: string | null };
  /** 'Toutes les transactions': every sale of the zone, filtered and sorted in DuckDB-WASM. */
  fullList: {
    zoneId: string | null;
    status: LoadStatus;
    groups: TransactionGroup[];
    engine: 'duckdb' | 'javascript' | null;
    error: string | null;
  };
  /** 'Exporter les transactions (CSV)': running, then the outcome's message. */
  csvExport: { status: 'idle' | 'running' | 'done'; message: string | null };
}

export const initialRealEstateState: RealEstateState = {
  analysis: { zoneId: null, status: 'idle', statistics: null, error: null },
  search: { filters: {}, page: 1, status: 'idle', result: null, error: null },
  clusters: { status: 'idle', response: null, error: null },
  fullList: { zoneId: null, status: 'idle', groups: [], engine: null, error: null },
  csvExport: { status: 'idle', message: null },
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
    clustersRequested(state, _action: PayloadAction<ClustersView>) {
      state.clusters = { ...state.clusters, status: 'loading', error: null };
    },
    clustersLoaded(state, action: PayloadAction<ClustersResponse>) {
      state.clusters = { status: 'ready', response: action.payload, error: null };
    },
    clustersFailed(state, action: PayloadAction<string>) {
      state.clusters = { status: 'error', response: null, error: action.payload };
    },
    clustersCleared(state) {
      state.clusters = initialRealEstateState.clusters;
    },
    fullListRequested(state, action: PayloadAction<{ zone: Zone; filters: GroupFilters; sort: GroupSort }>) {
      const sameZone = state.fullList.zoneId === action.payload.zone.id;
      state.fullList = {
        ...(sameZone ? state.fullList : initialRealEstateState.fullList),
        zoneId: action.payload.zone.id,
        status: 'loading',
        error: null,
      };
    },
    fullListLoaded(
      state,
      action: PayloadAction<{ zoneId: string; groups: TransactionGroup[]; engine: 'duckdb' | 'javascript' }>,
    ) {
      if (state.fullList.zoneId !== action.payload.zoneId) return;
      state.fullList = { ...action.payload, status: 'ready', error: null };
    },
    fullListFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.fullList.zoneId !== action.payload.zoneId) return;
      state.fullList = { ...state.fullList, status: 'error', error: action.payload.error };
    },
    transactionsExportRequested(state, _action: PayloadAction<{ zone: Zone }>) {
      state.csvExport = { status: 'running', message: null };
    },
    transactionsExportSettled(state, action: PayloadAction<string>) {
      state.csvExport = { status: 'done', message: action.payload };
    },
  },
});

export const realEstateActions = realEstateSlice.actions;
