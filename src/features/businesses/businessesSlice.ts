import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type {
  Business,
  BusinessList,
  NearestCompetitors,
  ZoneBusinessStatistics,
} from '../../../kernel/businesses/businessSchemas';
import type { Zone } from '../../../kernel/zones/Zone';
import type { LocatedBusiness, MapBusiness } from '../../../workers/businesses/businessMarkersWorkerApi';
import type { BusinessListQuery } from '../../../workers/businesses/zoneBusinessesQuery';
import type { CategoryAnalysis } from './businessesApi';
import type { NafCatalogue } from './nafCatalogue';

export interface Loadable<T> {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  data?: T;
  error?: string;
}

/** What a map toggle draws: the zone's establishments matching a query (DuckDB), or a given list. */
export type MapLayerSource =
  { kind: 'query'; query: BusinessListQuery } | { kind: 'businesses'; businesses: Business[] };

export interface MapLayer {
  key: string;
  label: string;
  businesses: MapBusiness[];
}

export const DEFAULT_LIST_QUERY: BusinessListQuery = { sort: 'name', descending: false, page: 0, pageSize: 50 };

export interface BusinessesState {
  statistics: Loadable<ZoneBusinessStatistics> & { zoneId?: string };
  /** The zone's establishments in DuckDB-WASM (Arrow from the server). */
  engine: { status: 'idle' | 'loading' | 'loaded' | 'error'; zoneId?: string; rowCount?: number; error?: string };
  listQuery: BusinessListQuery;
  listPage: Loadable<{ businesses: Business[]; total: number; queryTimeMs: number }>;
  /** Ids ticked in the full list or the search results. */
  selectedIds: string[];
  /** Sous-classe lists under 'Détails' (by NAF code). */
  subcategoryLists: Record<string, Loadable<BusinessList>>;
  nafCatalogue: Loadable<NafCatalogue>;
  search: Loadable<BusinessList> & { mode: 'category' | 'name'; query?: string };
  categories: Loadable<{ categories: CategoryAnalysis[]; search_time_ms: number }> & { zoneId?: string };
  /** Home categories kept by the 'Commerces et services' picker (empty: all ten). */
  chosenCategories: string[];
  mapLayers: Record<string, MapLayer>;
  /** Toggles being loaded. */
  pendingLayers: string[];
  /** The establishment chosen from a marker popup (its card is highlighted and scrolled to). */
  highlighted: { id: string; business: LocatedBusiness } | null;
  openings: Loadable<{ year: number; count: number }[]> & { prefixes: string[] };
  competition: Loadable<CompetitionRow[]> & { zoneId?: string };
  nearestCompetitors: Loadable<NearestCompetitors> & { request?: NearestCompetitorsQuery };
}

/** Where the nearest competitors are searched from: a point (the zone's start, a map click) or an address. */
export type NearestCompetitorsOrigin =
  | { kind: 'point'; longitude: number; latitude: number; label: string }
  | { kind: 'address'; text: string };

/** The nearest competitors asked: from where, which home category (its NAF codes), how far on foot. */
export interface NearestCompetitorsQuery {
  origin: NearestCompetitorsOrigin;
  categoryKey: string;
  maxMinutes: number;
}

/** Establishments per 1,000 inhabitants for one NAF family, in the zone, its département and Paris. */
export interface CompetitionRow {
  prefix: string;
  label: string;
  zone: { count: number; per1000: number | null };
  departement: { code: string; count: number; per1000: number | null } | null;
  paris: { count: number; per1000: number | null };
}

/** Whether an answer belongs to the query now shown (a newer query replaces an older one). */
const sameQuery = (shown: NearestCompetitorsQuery | undefined, answered: NearestCompetitorsQuery) =>
  JSON.stringify(shown) === JSON.stringify(answered);

const initialState: BusinessesState = {
  statistics: { status: 'idle' },
  engine: { status: 'idle' },
  listQuery: DEFAULT_LIST_QUERY,
  listPage: { status: 'idle' },
  selectedIds: [],
  subcategoryLists: {},
  nafCatalogue: { status: 'idle' },
  search: { status: 'idle', mode: 'category' },
  categories: { status: 'idle' },
  chosenCategories: [],
  mapLayers: {},
  pendingLayers: [],
  highlighted: null,
  openings: { status: 'idle', prefixes: [] },
  competition: { status: 'idle' },
  nearestCompetitors: { status: 'idle' },
};

export const businessesSlice = createSlice({
  name: 'businesses',
  initialState,
  reducers: {
    /** A new zone: statistics, then its establishments into DuckDB for the list and the map toggles. */
    zoneAnalysisRequested(state, action: PayloadAction<{ zone: Zone }>) {
      const zoneId = action.payload.zone.id;
      state.statistics = { status: 'loading', zoneId };
      state.engine = { status: 'loading', zoneId };
      state.listQuery = DEFAULT_LIST_QUERY;
      state.listPage = { status: 'loading' };
      state.selectedIds = [];
      state.subcategoryLists = {};
      state.mapLayers = {};
      state.pendingLayers = [];
      state.openings = { status: 'idle', prefixes: [] };
      state.competition = { status: 'idle' };
    },
    statisticsLoaded(state, action: PayloadAction<{ zoneId: string; data: ZoneBusinessStatistics }>) {
      if (state.statistics.zoneId !== action.payload.zoneId) return;
      state.statistics = { status: 'loaded', zoneId: action.payload.zoneId, data: action.payload.data };
    },
    statisticsFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.statistics.zoneId !== action.payload.zoneId) return;
      state.statistics = { status: 'error', zoneId: action.payload.zoneId, error: action.payload.error };
    },
    engineLoaded(state, action: PayloadAction<{ zoneId: string; rowCount: number }>) {
      if (state.engine.zoneId !== action.payload.zoneId) return;
      state.engine = { status: 'loaded', zoneId: action.payload.zoneId, rowCount: action.payload.rowCount };
    },
    engineFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.engine.zoneId !== action.payload.zoneId) return;
      state.engine = { status: 'error', zoneId: action.payload.zoneId, error: action.payload.error };
      state.listPage = { status: 'error', error: action.payload.error };
    },
    /** Search, filters, sort or page of the full list changed (a filter change goes back to page 1). */
    listQueryChanged(state, action: PayloadAction<Partial<BusinessListQuery>>) {
      const changesFilter = Object.keys(action.payload).some((key) => key !== 'page');
      state.listQuery = { ...state.listQuery, ...(changesFilter ? { page: 0 } : {}), ...action.payload };
      if (state.listPage.status !== 'error' || state.engine.status === 'loaded') state.listPage.status = 'loading';
    },
    listPageLoaded(state, action: PayloadAction<{ businesses: Business[]; total: number; queryTimeMs: number }>) {
      state.listPage = { status: 'loaded', data: action.payload };
    },
    listPageFailed(state, action: PayloadAction<string>) {
      state.listPage = { status: 'error', error: action.payload };
    },
    selectionToggled(state, action: PayloadAction<string>) {
      const id = action.payload;
      state.selectedIds = state.selectedIds.includes(id)
        ? state.selectedIds.filter((selected) => selected !== id)
        : [...state.selectedIds, id];
    },
    /** Selects every listed id, or clears them when all are selected. */
    selectionOfAllToggled(state, action: PayloadAction<string[]>) {
      const ids = action.payload;
      const all = ids.length > 0 && ids.every((id) => state.selectedIds.includes(id));
      state.selectedIds = all
        ? state.selectedIds.filter((id) => !ids.includes(id))
        : [...new Set([...state.selectedIds, ...ids])];
    },
    csvExportRequested(_state, _action: PayloadAction<{ date: string }>) {},
    subcategoryListRequested(state, action: PayloadAction<{ zone: Zone; nafCode: string }>) {
      state.subcategoryLists[action.payload.nafCode] = { status: 'loading' };
    },
    subcategoryListLoaded(state, action: PayloadAction<{ nafCode: string; data: BusinessList }>) {
      state.subcategoryLists[action.payload.nafCode] = { status: 'loaded', data: action.payload.data };
    },
    subcategoryListFailed(state, action: PayloadAction<{ nafCode: string; error: string }>) {
      state.subcategoryLists[action.payload.nafCode] = { status: 'error', error: action.payload.error };
    },
    nafCatalogueRequested(state) {
      if (state.nafCatalogue.status === 'loading' || state.nafCatalogue.status === 'loaded') return;
      state.nafCatalogue = { status: 'loading' };
    },
    nafCatalogueLoaded(state, action: PayloadAction<NafCatalogue>) {
      state.nafCatalogue = { status: 'loaded', data: action.payload };
    },
    nafCatalogueFailed(state, action: PayloadAction<string>) {
      state.nafCatalogue = { status: 'error', error: action.payload };
    },
    categorySearchRequested(state, action: PayloadAction<{ zone: Zone; nafCodes: string[] }>) {
      state.search = { status: 'loading', mode: 'category', query: action.payload.nafCodes.join(', ') };
    },
    nameSearchRequested(state, action: PayloadAction<{ name: string }>) {
      state.search = { status: 'loading', mode: 'name', query: action.payload.name };
    },
    searchLoaded(state, action: PayloadAction<BusinessList>) {
      state.search = { ...state.search, status: 'loaded', data: action.payload, error: undefined };
    },
    searchFailed(state, action: PayloadAction<string>) {
      // A failed search clears its results.
      state.search = { mode: state.search.mode, query: state.search.query, status: 'error', error: action.payload };
    },
    searchCleared(state) {
      state.search = { status: 'idle', mode: state.search.mode };
    },
    categoriesRequested(state, action: PayloadAction<{ zone: Zone }>) {
      state.categories = { status: 'loading', zoneId: action.payload.zone.id };
    },
    categoriesLoaded(state, action: PayloadAction<{ zoneId: string; data: BusinessesState['categories']['data'] }>) {
      if (state.categories.zoneId !== action.payload.zoneId) return;
      state.categories = { status: 'loaded', zoneId: action.payload.zoneId, data: action.payload.data };
    },
    categoriesFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.categories.zoneId !== action.payload.zoneId) return;
      state.categories = { status: 'error', zoneId: action.payload.zoneId, error: action.payload.error };
    },
    chosenCategoriesSet(state, action: PayloadAction<string[]>) {
      state.chosenCategories = action.payload;
    },
    /** Shows a layer on the map, or hides it when shown. */
    mapLayerToggled(state, action: PayloadAction<{ key: string; label: string; source: MapLayerSource }>) {
      const { key } = action.payload;
      if (state.mapLayers[key]) {
        const { [key]: _removed, ...others } = state.mapLayers;
        state.mapLayers = others;
      } else if (!state.pendingLayers.includes(key)) state.pendingLayers.push(key);
    },
    mapLayerShown(state, action: PayloadAction<MapLayer>) {
      state.pendingLayers = state.pendingLayers.filter((key) => key !== action.payload.key);
      // A frozen list is neither walked nor deep-frozen by immer: O(1) for 100,000 establishments.
      const businesses = Object.freeze(action.payload.businesses) as MapBusiness[];
      state.mapLayers[action.payload.key] = { ...action.payload, businesses };
    },
    mapLayerFailed(state, action: PayloadAction<string>) {
      state.pendingLayers = state.pendingLayers.filter((key) => key !== action.payload);
    },
    mapLayersCleared(state) {
      state.mapLayers = {};
    },
    /** A name clicked in a marker popup: the panel opens, then the card is highlighted (after 300 ms). */
    businessLocated(_state, _action: PayloadAction<LocatedBusiness>) {},
    businessHighlighted(state, action: PayloadAction<{ id: string; business: LocatedBusiness } | null>) {
      state.highlighted = action.payload;
    },
    openingsRequested(state, action: PayloadAction<{ prefixes: string[] }>) {
      state.openings = { status: 'loading', prefixes: action.payload.prefixes };
    },
    openingsLoaded(state, action: PayloadAction<{ year: number; count: number }[]>) {
      state.openings = { ...state.openings, status: 'loaded', data: action.payload };
    },
    openingsFailed(state, action: PayloadAction<string>) {
      state.openings = { ...state.openings, status: 'error', error: action.payload };
    },
    nearestCompetitorsRequested(state, action: PayloadAction<NearestCompetitorsQuery>) {
      state.nearestCompetitors = { status: 'loading', request: action.payload };
    },
    nearestCompetitorsLoaded(state, action: PayloadAction<{ request: NearestCompetitorsQuery; data: NearestCompetitors }>) {
      if (!sameQuery(state.nearestCompetitors.request, action.payload.request)) return;
      state.nearestCompetitors = { status: 'loaded', request: action.payload.request, data: action.payload.data };
    },
    nearestCompetitorsFailed(state, action: PayloadAction<{ request: NearestCompetitorsQuery; error: string }>) {
      if (!sameQuery(state.nearestCompetitors.request, action.payload.request)) return;
      state.nearestCompetitors = { status: 'error', request: action.payload.request, error: action.payload.error };
    },
    competitionRequested(state, action: PayloadAction<{ zone: Zone }>) {
      state.competition = { status: 'loading', zoneId: action.payload.zone.id };
    },
    competitionLoaded(state, action: PayloadAction<{ zoneId: string; rows: CompetitionRow[] }>) {
      if (state.competition.zoneId !== action.payload.zoneId) return;
      state.competition = { status: 'loaded', zoneId: action.payload.zoneId, data: action.payload.rows };
    },
    competitionFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.competition.zoneId !== action.payload.zoneId) return;
      state.competition = { status: 'error', zoneId: action.payload.zoneId, error: action.payload.error };
    },
  },
});

export const businessesActions = businessesSlice.actions;
