import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { HomeCategoryKey } from '../../../kernel/businesses/homeCategories';
import type { Analysis, Competition, Potential } from '../../../kernel/market/marketSchemas';

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

export interface MarketState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  request: MarketStudyRequest | null;
  results: MarketResults | null;
  error: string | null;
  /** Whether the results are drawn on the map (choropleth, competitors, site). */
  layerVisible: boolean;
}

const initialState: MarketState = { status: 'idle', request: null, results: null, error: null, layerVisible: true };

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
