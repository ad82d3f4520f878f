import { combineReducers, configureStore } from '@reduxjs/toolkit';
import createSagaMiddleware from 'redux-saga';
import { all } from 'redux-saga/effects';
import { authApi as defaultAuthApi, type AuthApi } from '../features/account/authApi';
import {
  subscriptionApi as defaultSubscriptionApi,
  type SubscriptionApi,
} from '../features/subscription/subscriptionApi';
import { zonesApi as defaultZonesApi, type ZonesApi } from '../features/zones/zonesApi';
import { territoryApi as defaultTerritoryApi, type TerritoryApi } from '../features/territory/territoryApi';
import { authSaga } from '../features/account/authSaga';
import { authSlice } from '../features/account/authSlice';
import { accountRequestsSaga } from '../features/account/accountRequestsSaga';
import { accountRequestsSlice } from '../features/account/accountRequestsSlice';
import { openLocationInBrowser, type OpenLocation } from '../api/openLocation';
import { personalDataSaga } from './settings/personalDataSaga';
import { zonesSaga } from '../features/zones/zonesSaga';
import { zoneCreationSaga } from '../features/zones/zoneCreationSaga';
import { zoneCreationSlice } from '../features/zones/zoneCreationSlice';
import { geocodingApi as defaultGeocodingApi, type GeocodingApi } from '../features/geocoding/geocodingApi';
import { isochronesApi as defaultIsochronesApi, type IsochronesApi } from '../features/isochrones/isochronesApi';
import {
  demographicsApi as defaultDemographicsApi,
  type DemographicsApi,
} from '../features/demographics/demographicsApi';
import { demographicsSaga } from '../features/demographics/demographicsSaga';
import { demographicsSlice } from '../features/demographics/demographicsSlice';
import { zonesSlice } from '../features/zones/zonesSlice';
import {
  publicServicesApi as defaultPublicServicesApi,
  type PublicServicesApi,
} from '../features/public-services/publicServicesApi';
import { exportApi as defaultExportApi, type ExportApi } from '../features/export/exportApi';
import { exportSaga } from '../features/export/exportSaga';
import { marketApi as defaultMarketApi, type MarketApi } from '../features/market/marketApi';
import { marketSaga } from '../features/market/marketSaga';
import { marketSlice } from '../features/market/marketSlice';
import { exportSlice } from '../features/export/exportSlice';
import { publicServicesSaga } from '../features/public-services/publicServicesSaga';
import { publicServicesSlice } from '../features/public-services/publicServicesSlice';
import { businessesApi as defaultBusinessesApi, type BusinessesApi } from '../features/businesses/businessesApi';
import {
  businessesSaga,
  openBusinessesEngineInBrowser,
  type OpenBusinessesEngine,
} from '../features/businesses/businessesSaga';
import { saveFileInBrowser, type SaveFile } from '../api/saveFile';
import { businessesSlice } from '../features/businesses/businessesSlice';
import { realEstateApi as defaultRealEstateApi, type RealEstateApi } from '../features/real-estate/realEstateApi';
import { realEstateSaga } from '../features/real-estate/realEstateSaga';
import { realEstateSlice } from '../features/real-estate/realEstateSlice';
import { apiKeysApi as defaultApiKeysApi, type ApiKeysApi } from '../features/subscription/apiKeysApi';
import { apiKeysSaga } from '../features/subscription/apiKeysSaga';
import { apiKeysSlice } from '../features/subscription/apiKeysSlice';
import { subscriptionSaga } from '../features/subscription/subscriptionSaga';
import { subscriptionSlice } from '../features/subscription/subscriptionSlice';
import { visualizationsSaga } from '../features/visualizations/visualizationsSaga';
import { visualizationsSlice } from '../features/visualizations/visualizationsSlice';
import { loadLayout, saveLayout } from './layout/layoutPersistence';
import { layoutSlice } from './layout/layoutSlice';
import { loadSettings, saveSettings } from './settings/settingsPersistence';
import { settingsSlice } from './settings/settingsSlice';
import { toastsSlice } from './toasts/toastsSlice';

/** Every feature's reducer; a feature adds its slice here. */
const rootReducer = combineReducers({
  layout: layoutSlice.reducer,
  toasts: toastsSlice.reducer,
  zones: zonesSlice.reducer,
  zoneCreation: zoneCreationSlice.reducer,
  settings: settingsSlice.reducer,
  auth: authSlice.reducer,
  accountRequests: accountRequestsSlice.reducer,
  subscription: subscriptionSlice.reducer,
  apiKeys: apiKeysSlice.reducer,
  demographics: demographicsSlice.reducer,
  visualizations: visualizationsSlice.reducer,
  realEstate: realEstateSlice.reducer,
  publicServices: publicServicesSlice.reducer,
  businesses: businessesSlice.reducer,
  export: exportSlice.reducer,
  market: marketSlice.reducer,
});

/** Every feature's root saga; a feature adds its saga here. */
function* rootSaga() {
  yield all([
    authSaga(),
    accountRequestsSaga(),
    personalDataSaga(),
    subscriptionSaga(),
    apiKeysSaga(),
    zonesSaga(),
    zoneCreationSaga(),
    demographicsSaga(),
    visualizationsSaga(),
    realEstateSaga(),
    publicServicesSaga(),
    businessesSaga(),
    exportSaga(),
    marketSaga(),
  ]);
}

export type RootState = ReturnType<typeof rootReducer>;

/** Services the sagas reach through `getContext` (a test passes clients aimed at a fake server). */
export interface StoreServices {
  authApi: AuthApi;
  subscriptionApi: SubscriptionApi;
  apiKeysApi: ApiKeysApi;
  zonesApi: ZonesApi;
  territoryApi: TerritoryApi;
  demographicsApi: DemographicsApi;
  publicServicesApi: PublicServicesApi;
  businessesApi: BusinessesApi;
  /** Loads the zone's establishments into DuckDB-WASM (Node's DuckDB in tests). */
  openBusinessesEngine: OpenBusinessesEngine;
  saveFile: SaveFile;
  /** Goes to the payment provider's checkout or portal page. */
  openLocation: OpenLocation;
  exportApi: ExportApi;
  realEstateApi: RealEstateApi;
  geocodingApi: GeocodingApi;
  isochronesApi: IsochronesApi;
  marketApi: MarketApi;
}

/**
 * The Redux store with the saga middleware; the persisted layout (`panel-layout-store`) and settings
 * (theme, e-mail notifications) are restored, and saved whenever they change.
 */
export function createAppStore(preloadedState?: Partial<RootState>, services: Partial<StoreServices> = {}) {
  const sagaMiddleware = createSagaMiddleware({
    context: {
      authApi: services.authApi ?? defaultAuthApi,
      subscriptionApi: services.subscriptionApi ?? defaultSubscriptionApi,
      apiKeysApi: services.apiKeysApi ?? defaultApiKeysApi,
      zonesApi: services.zonesApi ?? defaultZonesApi,
      territoryApi: services.territoryApi ?? defaultTerritoryApi,
      demographicsApi: services.demographicsApi ?? defaultDemographicsApi,
      publicServicesApi: services.publicServicesApi ?? defaultPublicServicesApi,
      businessesApi: services.businessesApi ?? defaultBusinessesApi,
      openBusinessesEngine: services.openBusinessesEngine ?? openBusinessesEngineInBrowser,
      saveFile: services.saveFile ?? saveFileInBrowser,
      openLocation: services.openLocation ?? openLocationInBrowser,
      exportApi: services.exportApi ?? defaultExportApi,
      realEstateApi: services.realEstateApi ?? defaultRealEstateApi,
      geocodingApi: services.geocodingApi ?? defaultGeocodingApi,
      isochronesApi: services.isochronesApi ?? defaultIsochronesApi,
      marketApi: services.marketApi ?? defaultMarketApi,
    },
  });
  const store = configureStore({
    reducer: rootReducer,
    preloadedState: { layout: loadLayout(), settings: loadSettings(), ...preloadedState },
    middleware: (getDefaultMiddleware) => getDefaultMiddleware({ thunk: false }).concat(sagaMiddleware),
  });
  sagaMiddleware.run(rootSaga);
  let savedLayout = store.getState().layout;
  let savedSettings = store.getState().settings;
  store.subscribe(() => {
    const { layout, settings } = store.getState();
    if (layout !== savedLayout) {
      savedLayout = layout;
      saveLayout(layout);
    }
    if (settings !== savedSettings) {
      savedSettings = settings;
      saveSettings(settings);
    }
  });
  return store;
}

export type AppStore = ReturnType<typeof createAppStore>;
export type AppDispatch = AppStore['dispatch'];
