import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HomeCategoryKey } from '../../../kernel/businesses/homeCategories';
import type { Analysis, Competition, Potential } from '../../../kernel/market/marketSchemas';
import type { GymChainKey } from '../../../kernel/gyms/gymChains';
import type { GymChains, GymSearch } from '../../../kernel/gyms/gymSchemas';

/** Where the candidate site is: a point of the map or an address to geocode. */
export type MarketSite =
  { kind: 'point'; longitude: number; latitude: number; label: string } | { kind: 'address'; text: string };

export interface MarketStudyRequest {
  site: MarketSite;
  sector: HomeCategoryKey;
  mode: 'walking' | 'cycling';
  minutes: number;
  lambda: number;
  /** Competitors marked as the user's own outlets (cannibalisation). */
  ownOutlets: string[];
}

export interface MarketResults {
  /** The site as studied (geocoded when given by address). */
  site: { longitude: number; latitude: number; label: string };
  potential: Potential;
  competition: Competition;
  analysis: Analysis;
}

/** A search of fitness establishments around a point: distance, chain (or independents only), name. */
export interface GymsRequest {
  longitude: number;
  latitude: number;
  /** Where the point comes from, shown above the list. */
  label: string;
  maxDistanceKm: number;
  /** A recognised chain, 'independent' for gyms of no recognised chain, or null for all. */
  chain: GymChainKey | 'independent' | null;
  name: string;
}

export interface GymsState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  request: GymsRequest | null;
  results: GymSearch | null;
  /** The chains recognised in the whole territory, with their counts (read once). */
  chains: GymChains | null;
  error: string | null;
}

export type MarketTab = 'study' | 'gyms';

export interface MarketState {
  tab: MarketTab;
  status: 'idle' | 'loading' | 'loaded' | 'error';
  request: MarketStudyRequest | null;
  results: MarketResults | null;
  error: string | null;
  /** Whether the results are drawn on the map (choropleth, competitors, site). */
  layerVisible: boolean;
  gyms: GymsState;
}

const initialGyms: GymsState = { status: 'idle', request: null, results: null, chains: null, error: null };
const initialState: MarketState = {
  tab: 'study',
  status: 'idle',
  request: null,
  results: null,
  error: null,
  layerVisible: true,
  gyms: initialGyms,
};

export const marketSlice = createSlice({
  name: 'market',
  initialState,
  reducers: {
    studyRequested(state, action: PayloadAction<MarketStudyRequest>) {
      state.status = 'loading';
      state.request = action.payload;
      state.error = null;
    },
    studyLoaded(state, action: PayloadAction<MarketResults>) {
      state.status = 'loaded';
      state.results = action.payload;
      state.layerVisible = true;
    },
    studyFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
    },
    tabSelected(state, action: PayloadAction<MarketTab>) {
      state.tab = action.payload;
    },
    gymsRequested(state, action: PayloadAction<GymsRequest>) {
      state.gyms.status = 'loading';
      state.gyms.request = action.payload;
      state.gyms.error = null;
    },
    gymsLoaded(state, action: PayloadAction<{ results: GymSearch; chains: GymChains }>) {
      state.gyms.status = 'loaded';
      state.gyms.results = action.payload.results;
      state.gyms.chains = action.payload.chains;
    },
    gymsFailed(state, action: PayloadAction<string>) {
      state.gyms.status = 'error';
      state.gyms.error = action.payload;
    },
    layerToggled(state) {
      state.layerVisible = !state.layerVisible;
    },
    cleared() {
      return initialState;
    },
  },
});

export const marketActions = marketSlice.actions;

/** Selectors typed on the feature's own part of the state. */
export const selectMarket = (state: { market: MarketState }) => state.market;
