import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { PublicServiceCategoryId } from '../../../kernel/public-services/publicServiceCategories';
import type {
  PublicServiceStatistics,
  SearchResponse,
  ServedPopulation,
  ServiceCategory,
  ServiceType,
  ZoneAnalysis,
} from '../../../kernel/public-services/publicServiceSchemas';
import type { Zone } from '../../../kernel/zones/Zone';

export interface Loadable<T> {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  data?: T;
  error?: string;
}

/** One service drawn on the map. */
export interface MapService {
  id: string;
  name: string;
  address: string;
  category: PublicServiceCategoryId;
  longitude: number;
  latitude: number;
}

/** A service type shown on the map from the Recherche avancée, with the départements chosen for it. */
export interface DisplayedType {
  type: string;
  name: string;
  category: PublicServiceCategoryId;
  departements: string[];
  services: MapService[];
}

export interface PublicServicesState {
  analysis: Loadable<ZoneAnalysis> & { zoneId?: string };
  served: Loadable<ServedPopulation> & { zoneId?: string };
  categories: Loadable<ServiceCategory[]>;
  statistics: Loadable<PublicServiceStatistics>;
  /** Services listed under an expanded type (up to 100). */
  typeServices: Record<string, Loadable<SearchResponse>>;
  /** Services of the zone analysis shown on the map. */
  visibleServiceIds: Record<string, true>;
  displayedTypes: Record<string, DisplayedType>;
  /** The type waiting for its départements (selector dialog open). */
  departementRequest: ServiceType | null;
  /** Types being fetched for the map. */
  showingTypes: string[];
}

const initialState: PublicServicesState = {
  analysis: { status: 'idle' },
  served: { status: 'idle' },
  categories: { status: 'idle' },
  statistics: { status: 'idle' },
  typeServices: {},
  visibleServiceIds: {},
  displayedTypes: {},
  departementRequest: null,
  showingTypes: [],
};

export const publicServicesSlice = createSlice({
  name: 'publicServices',
  initialState,
  reducers: {
    analysisRequested(state, action: PayloadAction<{ zone: Zone }>) {
      state.analysis = { status: 'loading', zoneId: action.payload.zone.id };
      state.visibleServiceIds = {};
    },
    analysisLoaded(state, action: PayloadAction<{ zoneId: string; data: ZoneAnalysis }>) {
      if (state.analysis.zoneId !== action.payload.zoneId) return;
      state.analysis = { status: 'loaded', zoneId: action.payload.zoneId, data: action.payload.data };
    },
    analysisFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.analysis.zoneId !== action.payload.zoneId) return;
      state.analysis = { status: 'error', zoneId: action.payload.zoneId, error: action.payload.error };
    },
    servedRequested(state, action: PayloadAction<{ zone: Zone }>) {
      state.served = { status: 'loading', zoneId: action.payload.zone.id };
    },
    servedLoaded(state, action: PayloadAction<{ zoneId: string; data: ServedPopulation }>) {
      if (state.served.zoneId !== action.payload.zoneId) return;
      state.served = { status: 'loaded', zoneId: action.payload.zoneId, data: action.payload.data };
    },
    servedFailed(state, action: PayloadAction<{ zoneId: string; error: string }>) {
      if (state.served.zoneId !== action.payload.zoneId) return;
      state.served = { status: 'error', zoneId: action.payload.zoneId, error: action.payload.error };
    },
    categoriesRequested(state) {
      state.categories = { status: 'loading' };
    },
    categoriesLoaded(state, action: PayloadAction<ServiceCategory[]>) {
      state.categories = { status: 'loaded', data: action.payload };
    },
    categoriesFailed(state, action: PayloadAction<string>) {
      state.categories = { status: 'error', error: action.payload };
    },
    statisticsRequested(state) {
      state.statistics = { status: 'loading' };
    },
    statisticsLoaded(state, action: PayloadAction<PublicServiceStatistics>) {
      state.statistics = { status: 'loaded', data: action.payload };
    },
    statisticsFailed(state) {
      // The product leaves a failed statistics load silent: the view shows its empty state.
      state.statistics = { status: 'error' };
    },
    typeServicesRequested(state, action: PayloadAction<{ type: string }>) {
      state.typeServices[action.payload.type] = { status: 'loading' };
    },
    typeServicesLoaded(state, action: PayloadAction<{ type: string; data: SearchResponse }>) {
      state.typeServices[action.payload.type] = { status: 'loaded', data: action.payload.data };
    },
    typeServicesFailed(state, action: PayloadAction<{ type: string; error: string }>) {
      state.typeServices[action.payload.type] = { status: 'error', error: action.payload.error };
    },
    /** Show all the category's services of the analysis, or hide them all when they all are shown. */
    categoryVisibilityToggled(state, action: PayloadAction<{ serviceIds: string[] }>) {
      const { serviceIds } = action.payload;
      const allShown = serviceIds.length > 0 && serviceIds.every((id) => state.visibleServiceIds[id]);
      const ids = new Set(serviceIds);
      state.visibleServiceIds = allShown
        ? Object.fromEntries(
            Object.keys(state.visibleServiceIds)
              .filter((id) => !ids.has(id))
              .map((id) => [id, true as const]),
          )
        : { ...state.visibleServiceIds, ...Object.fromEntries(serviceIds.map((id) => [id, true as const])) };
    },
    serviceVisibilityToggled(state, action: PayloadAction<string>) {
      const { [action.payload]: shown, ...others } = state.visibleServiceIds;
      state.visibleServiceIds = shown ? others : { ...others, [action.payload]: true };
    },
    /** Show a type on the map; the saga asks for départements first when it has too many services. */
    typeDisplayRequested(_state, _action: PayloadAction<{ type: ServiceType; departements?: string[] }>) {},
    departementSelectionOpened(state, action: PayloadAction<ServiceType>) {
      state.departementRequest = action.payload;
    },
    departementSelectionClosed(state) {
      state.departementRequest = null;
    },
    typeDisplayStarted(state, action: PayloadAction<string>) {
      if (!state.showingTypes.includes(action.payload)) state.showingTypes.push(action.payload);
    },
    typeDisplayed(state, action: PayloadAction<DisplayedType>) {
      // A frozen list is neither walked nor deep-frozen by immer: O(1) for 10,000 services.
      const services = Object.freeze(action.payload.services) as MapService[];
      state.displayedTypes[action.payload.type] = { ...action.payload, services };
      state.showingTypes = state.showingTypes.filter((type) => type !== action.payload.type);
    },
    typeDisplayEnded(state, action: PayloadAction<string>) {
      state.showingTypes = state.showingTypes.filter((type) => type !== action.payload);
    },
    typeHidden(state, action: PayloadAction<string>) {
      const { [action.payload]: _hidden, ...others } = state.displayedTypes;
      state.displayedTypes = others;
    },
  },
});

export const publicServicesActions = publicServicesSlice.actions;
