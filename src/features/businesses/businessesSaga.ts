import type { PayloadAction } from '@reduxjs/toolkit';
import { call, delay, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type {
  Business,
  BusinessList,
  NearestCompetitors,
  ZoneBusinessStatistics,
} from '../../../kernel/businesses/businessSchemas';
import { HOME_CATEGORIES } from '../../../kernel/businesses/homeCategories';
import { administrativeOf, type Zone } from '../../../kernel/zones/Zone';
import type { LocatedBusiness, MapBusiness } from '../../../workers/businesses/businessMarkersWorkerApi';
import type { BusinessPage, ZoneBusinessesEngine } from '../../../workers/businesses/ZoneBusinessesEngine';
import type { SaveFile } from '../../api/saveFile';
import { layoutActions, toastShown } from '../../app/shellActions';
import type { GeocodedPlace } from '../geocoding/geocodingApi';
import type { BusinessesApi, CategoryAnalysis } from './businessesApi';
import { businessesCsv, csvFileName } from './businessesCsv';
import {
  businessesActions as actions,
  type BusinessesState,
  type MapLayerSource,
  type NearestCompetitorsQuery,
} from './businessesSlice';
import { competitionRows, type PopulationOf } from './competitionRows';
import type { NafCatalogue } from './nafCatalogue';
import { toMapBusiness } from './mapBusiness';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** Loads the zone's Arrow table into a DuckDB-WASM engine (a test passes Node's DuckDB). */
export type OpenBusinessesEngine = (arrow: Uint8Array) => Promise<ZoneBusinessesEngine>;

export const openBusinessesEngineInBrowser: OpenBusinessesEngine = async (arrow) =>
  (await import('../../../workers/businesses/openZoneBusinessesEngine')).openZoneBusinessesEngine(arrow);

/** The département of a commune, arrondissement or IRIS code (`97x` overseas). */
export const departementOf = (code: string) => (code.startsWith('97') ? code.slice(0, 3) : code.slice(0, 2));

/** How many nearest competitors the card lists. */
export const NEAREST_COMPETITORS_SHOWN = 10;

/** The product's locate delay: the panel opens, then the card is highlighted. */
export const LOCATE_DELAY_MS = 300;

const selectState = (state: { businesses: BusinessesState }) => state.businesses;

function* api() {
  return (yield getContext('businessesApi')) as BusinessesApi;
}

/** Statistics, establishments, lists, searches, map layers and the competition of the active zone. */
export function* businessesSaga() {
  /** The active zone's DuckDB engine (one at a time; the previous one is closed). */
  let current: { zoneId: string; engine: ZoneBusinessesEngine } | null = null;

  function* loadStatistics(zone: Zone) {
    const client: BusinessesApi = yield* api();
    try {
      const data: ZoneBusinessStatistics = yield call([client, client.statistics], zone);
      yield put(actions.statisticsLoaded({ zoneId: zone.id, data }));
    } catch (error) {
      yield put(
        actions.statisticsFailed({ zoneId: zone.id, error: messageOf(error, 'Failed to fetch business statistics') }),
      );
    }
  }

  function* runListQuery() {
    const state: BusinessesState = yield select(selectState);
    if (!current || current.zoneId !== state.engine.zoneId) return;
    try {
      const page: BusinessPage = yield call([current.engine, current.engine.page], state.listQuery);
      yield put(actions.listPageLoaded(page));
    } catch (error) {
      yield put(actions.listPageFailed(messageOf(error, 'Erreur de chargement')));
    }
  }

  function* loadEngine(zone: Zone) {
    const client: BusinessesApi = yield* api();
    const open: OpenBusinessesEngine = yield getContext('openBusinessesEngine');
    try {
      const arrow: Uint8Array = yield call([client, client.zoneArrow], zone);
      const previous = current;
      current = null;
      if (previous) yield call([previous.engine, previous.engine.close]);
      const engine: ZoneBusinessesEngine = yield call(open, arrow);
      current = { zoneId: zone.id, engine };
      yield put(actions.engineLoaded({ zoneId: zone.id, rowCount: engine.rowCount }));
      yield* runListQuery();
    } catch (error) {
      yield put(actions.engineFailed({ zoneId: zone.id, error: messageOf(error, 'Erreur de chargement') }));
    }
  }

  function* analyseZone(action: PayloadAction<{ zone: Zone }>) {
    const { zone } = action.payload;
    yield* loadStatistics(zone);
    yield* loadEngine(zone);
  }

  function* exportCsv(action: PayloadAction<{ date: string }>) {
    const state: BusinessesState = yield select(selectState);
    const save: SaveFile = yield getContext('saveFile');
    if (!current) return;
    try {
      const rows: Business[] = yield call([current.engine, current.engine.all], state.listQuery);
      save(csvFileName(action.payload.date), businessesCsv(rows), 'text/csv;charset=utf-8');
      yield put(toastShown({ type: 'success', title: `${rows.length.toLocaleString('fr-FR')} entreprises exportées` }));
    } catch (error) {
      yield put(toastShown({ type: 'error', title: 'Erreur lors de l’export', message: messageOf(error, 'Erreur') }));
    }
  }

  function* loadSubcategory(action: PayloadAction<{ zone: Zone; nafCode: string }>) {
    const { zone, nafCode } = action.payload;
    const client: BusinessesApi = yield* api();
    try {
      const data: BusinessList = yield call([client, client.nafCodeBusinesses], zone, nafCode, 100);
      yield put(actions.subcategoryListLoaded({ nafCode, data }));
    } catch (error) {
      yield put(actions.subcategoryListFailed({ nafCode, error: messageOf(error, 'HTTP error!') }));
    }
  }

  function* loadCatalogue() {
    const client: BusinessesApi = yield* api();
    try {
      const catalogue: NafCatalogue = yield call([client, client.nafCatalogue]);
      yield put(actions.nafCatalogueLoaded(catalogue));
    } catch (error) {
      yield put(actions.nafCatalogueFailed(messageOf(error, 'Failed to load NAF codes')));
    }
  }

  function* categorySearch(action: PayloadAction<{ zone: Zone; nafCodes: string[] }>) {
    const client: BusinessesApi = yield* api();
    try {
      const data: BusinessList = yield call(
        [client, client.polygonSearch],
        action.payload.zone,
        action.payload.nafCodes,
        100,
      );
      yield put(actions.searchLoaded(data));
    } catch (error) {
      yield put(actions.searchFailed(messageOf(error, 'Failed to search businesses')));
    }
  }

  function* nameSearch(action: PayloadAction<{ name: string }>) {
    const client: BusinessesApi = yield* api();
    try {
      const data: BusinessList = yield call([client, client.searchByName], action.payload.name, 100);
      yield put(actions.searchLoaded(data));
    } catch (error) {
      yield put(actions.searchFailed(messageOf(error, 'Failed to search businesses')));
    }
  }

  function* loadCategories(action: PayloadAction<{ zone: Zone }>) {
    const { zone } = action.payload;
    const client: BusinessesApi = yield* api();
    try {
      const data: { categories: CategoryAnalysis[]; search_time_ms: number } = yield call(
        [client, client.categoryAnalysis],
        zone,
      );
      yield put(actions.categoriesLoaded({ zoneId: zone.id, data }));
    } catch (error) {
      yield put(
        actions.categoriesFailed({ zoneId: zone.id, error: messageOf(error, 'Failed to fetch business analysis') }),
      );
    }
  }

  function* toggleLayer(action: PayloadAction<{ key: string; label: string; source: MapLayerSource }>) {
    const { key, label, source } = action.payload;
    const state: BusinessesState = yield select(selectState);
    if (!state.pendingLayers.includes(key)) return; // it was hidden
    try {
      let businesses: Business[];
      if (source.kind === 'businesses') businesses = source.businesses;
      else {
        if (!current) throw new Error('Les établissements de la zone sont en cours de chargement');
        businesses = yield call([current.engine, current.engine.all], source.query);
      }
      const located = businesses.map(toMapBusiness).filter((business): business is MapBusiness => business !== null);
      if (located.length === 0) {
        yield put(actions.mapLayerFailed(key));
        yield put(
          toastShown({
            type: 'warning',
            title: `Aucune entreprise avec coordonnées valides dans la catégorie "${label}"`,
          }),
        );
        return;
      }
      yield put(actions.mapLayerShown({ key, label, businesses: located }));
    } catch (error) {
      yield put(actions.mapLayerFailed(key));
      yield put(toastShown({ type: 'error', title: 'Erreur de chargement', message: messageOf(error, 'Erreur') }));
    }
  }

  function* locate(action: PayloadAction<LocatedBusiness>) {
    yield put(layoutActions.panelOpened('businesses'));
    yield delay(LOCATE_DELAY_MS);
    yield put(actions.businessHighlighted({ id: action.payload.id, business: action.payload }));
  }

  function* loadOpenings(action: PayloadAction<{ prefixes: string[] }>) {
    if (!current) {
      yield put(actions.openingsFailed('Les établissements de la zone sont en cours de chargement'));
      return;
    }
    try {
      const data: { year: number; count: number }[] = yield call(
        [current.engine, current.engine.openingsPerYear],
        action.payload.prefixes,
      );
      yield put(actions.openingsLoaded(data));
    } catch (error) {
      yield put(actions.openingsFailed(messageOf(error, 'Erreur de chargement')));
    }
  }

  function* loadCompetition(action: PayloadAction<{ zone: Zone }>) {
    const { zone } = action.payload;
    const client: BusinessesApi = yield* api();
    const state: BusinessesState = yield select(selectState);
    try {
      if (!state.statistics.data) throw new Error('Statistiques de la zone non chargées');
      const administrative = administrativeOf(zone);
      const communeCode: string | null = administrative
        ? administrative.code
        : current
          ? yield call([current.engine, current.engine.mainCommuneCode])
          : null;
      const departementCode = communeCode ? departementOf(communeCode) : null;
      const populationOf: PopulationOf = (unit) => client.population(unit);
      const rows: Awaited<ReturnType<typeof competitionRows>> = yield call(
        competitionRows,
        client,
        populationOf,
        zone,
        state.statistics.data,
        departementCode,
      );
      yield put(actions.competitionLoaded({ zoneId: zone.id, rows }));
    } catch (error) {
      yield put(actions.competitionFailed({ zoneId: zone.id, error: messageOf(error, 'Erreur de chargement') }));
    }
  }

  /** The nearest competitors of a point or an address (geocoded first), by walking time. */
  function* loadNearestCompetitors(action: PayloadAction<NearestCompetitorsQuery>) {
    const request = action.payload;
    const client: BusinessesApi = yield* api();
    try {
      const category = HOME_CATEGORIES.find((candidate) => candidate.key === request.categoryKey);
      if (!category) throw new Error('Catégorie inconnue');
      let point: [number, number];
      if (request.origin.kind === 'address') {
        const place: GeocodedPlace | undefined = yield call([client, client.place], request.origin.text);
        if (!place) throw new Error(`Adresse introuvable : ${request.origin.text}`);
        point = place.center;
      } else point = [request.origin.longitude, request.origin.latitude];
      const data: NearestCompetitors = yield call([client, client.nearestCompetitors], {
        longitude: point[0],
        latitude: point[1],
        naf_codes: [...category.naf_codes],
        max_minutes: request.maxMinutes,
        limit: NEAREST_COMPETITORS_SHOWN,
      });
      yield put(actions.nearestCompetitorsLoaded({ request, data }));
    } catch (error) {
      yield put(actions.nearestCompetitorsFailed({ request, error: messageOf(error, 'Erreur de chargement') }));
    }
  }

  yield takeLatest(actions.zoneAnalysisRequested.type, analyseZone);
  yield takeLatest(actions.nearestCompetitorsRequested.type, loadNearestCompetitors);
  yield takeLatest(actions.listQueryChanged.type, runListQuery);
  yield takeLatest(actions.csvExportRequested.type, exportCsv);
  yield takeEvery(actions.subcategoryListRequested.type, loadSubcategory);
  yield takeLatest(actions.nafCatalogueRequested.type, loadCatalogue);
  yield takeLatest(
    [actions.categorySearchRequested.type, actions.nameSearchRequested.type],
    function* (action: PayloadAction<unknown>) {
      if (actions.categorySearchRequested.match(action)) yield* categorySearch(action);
      else if (actions.nameSearchRequested.match(action)) yield* nameSearch(action);
    },
  );
  yield takeLatest(actions.categoriesRequested.type, loadCategories);
  yield takeEvery(actions.mapLayerToggled.type, toggleLayer);
  yield takeLatest(actions.businessLocated.type, locate);
  yield takeLatest(actions.openingsRequested.type, loadOpenings);
  yield takeLatest(actions.competitionRequested.type, loadCompetition);
}
