import type { PayloadAction } from '@reduxjs/toolkit';
import { call, cancelled, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { formatNumber } from '../../../kernel/format/formatFrench';
import type { ClustersResponse, ZoneStatistics } from '../../../kernel/real-estate/realEstateSchemas';
import type { RealEstateFilters, RealEstateLot } from '../../../kernel/real-estate/realEstateTypes';
import type { Zone } from '../../../kernel/zones/Zone';
import type { SaveFile } from '../../api/saveFile';
import type { ZoneTransactionsDatabase } from '../../../workers/real-estate/zoneTransactionsDatabase';
import { lotsFromArrow } from './lotsFromArrow';
import { filterGroups, type GroupFilters, type GroupSort } from './filterGroups';
import { groupTransactions, type TransactionGroup } from './groupTransactions';
import type { RealEstateApi, SearchResponse } from './realEstateApi';
import { realEstateActions, type ClustersView } from './realEstateSlice';
import { transactionsToCsv } from './transactionsToCsv';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

function* realEstateApi() {
  return (yield getContext('realEstateApi')) as RealEstateApi;
}

function* loadAnalysis(action: PayloadAction<{ zone: Zone }>) {
  const { zone } = action.payload;
  const api: RealEstateApi = yield* realEstateApi();
  try {
    const statistics: ZoneStatistics = yield call(api.zoneStatistics, zone, {}, 200);
    yield put(realEstateActions.analysisLoaded({ zoneId: zone.id, statistics }));
  } catch (error) {
    yield put(
      realEstateActions.analysisFailed({ zoneId: zone.id, error: messageOf(error, 'Erreur de chargement des statistiques') }),
    );
  }
}

function* runSearch(action: PayloadAction<{ filters: RealEstateFilters; page: number }>) {
  const api: RealEstateApi = yield* realEstateApi();
  try {
    const result: SearchResponse = yield call(api.search, action.payload.filters, action.payload.page);
    yield put(realEstateActions.searchLoaded(result));
  } catch (error) {
    yield put(realEstateActions.searchFailed(messageOf(error, 'Erreur de recherche')));
  }
}

/** The clusters of a view; a newer view cancels the request of the previous one. */
function* loadClusters(action: PayloadAction<ClustersView>) {
  const api: RealEstateApi = yield* realEstateApi();
  const abort = new AbortController();
  try {
    const response: ClustersResponse = yield call(api.clusters, action.payload.bounds, action.payload.zoom, abort.signal);
    yield put(realEstateActions.clustersLoaded(response));
  } catch (error) {
    if (!abort.signal.aborted) yield put(realEstateActions.clustersFailed(messageOf(error, 'Failed to fetch map clusters')));
  } finally {
    if ((yield cancelled()) as boolean) abort.abort();
  }
}

/** The zone's lots in DuckDB-WASM, loaded on first use (every lot in memory when the engine cannot start). */
type TransactionsEngine = ZoneTransactionsDatabase | RealEstateLot[];

async function openTransactionsEngine(arrow: ArrayBuffer): Promise<TransactionsEngine> {
  try {
    const { ZoneTransactionsDatabase } = await import('../../../workers/real-estate/zoneTransactionsDatabase');
    return await ZoneTransactionsDatabase.load(arrow);
  } catch {
    return lotsFromArrow(arrow);
  }
}

async function queryGroups(engine: TransactionsEngine, filters: GroupFilters, sort: GroupSort) {
  return Array.isArray(engine)
    ? filterGroups(groupTransactions(engine), filters, sort)
    : groupTransactions(await engine.query(filters, sort));
}

/** The full list: the zone's lots loaded once per zone; each filter or sort is answered by the engine. */
function fullListLoader() {
  let loaded: { zoneId: string; engine: TransactionsEngine } | null = null;
  return function* loadFullList(action: PayloadAction<{ zone: Zone; filters: GroupFilters; sort: GroupSort }>) {
    const { zone, filters, sort } = action.payload;
    const api: RealEstateApi = yield* realEstateApi();
    try {
      if (loaded?.zoneId !== zone.id) {
        const arrow: ArrayBuffer = yield call(api.zoneTransactionsArrow, zone, {});
        loaded = { zoneId: zone.id, engine: (yield call(openTransactionsEngine, arrow)) as TransactionsEngine };
      }
      const engine = loaded.engine;
      const groups: TransactionGroup[] = yield call(queryGroups, engine, filters, sort);
      yield put(
        realEstateActions.fullListLoaded({
          zoneId: zone.id,
          groups,
          engine: Array.isArray(engine) ? 'javascript' : 'duckdb',
        }),
      );
    } catch (error) {
      yield put(realEstateActions.fullListFailed({ zoneId: zone.id, error: messageOf(error, 'Erreur de chargement') }));
    }
  };
}

/** 'Exporter les transactions (CSV)': every lot of the zone as a French CSV (`;`, BOM). */
function* exportTransactions(action: PayloadAction<{ zone: Zone }>) {
  const { zone } = action.payload;
  const api: RealEstateApi = yield* realEstateApi();
  const save = (yield getContext('saveFile')) as SaveFile;
  try {
    const arrow: ArrayBuffer = yield call(api.zoneTransactionsArrow, zone, {});
    const lots = lotsFromArrow(arrow);
    const name = `transactions-dvf-${zone.name.replace(/[^\p{L}\p{N}]+/gu, '-').toLowerCase()}.csv`;
    save(name, transactionsToCsv(lots), 'text/csv;charset=utf-8');
    yield put(realEstateActions.transactionsExportSettled(`${formatNumber(lots.length)} lignes exportées`));
  } catch {
    yield put(realEstateActions.transactionsExportSettled('Échec de l’export'));
  }
}

/** Statistics of the active zone, advanced search, clusters, full list and CSV (latest request wins). */
export function* realEstateSaga() {
  yield takeLatest(realEstateActions.analysisRequested.type, loadAnalysis);
  yield takeLatest(realEstateActions.searchRequested.type, runSearch);
  yield takeLatest(realEstateActions.clustersRequested.type, loadClusters);
  yield takeLatest(realEstateActions.fullListRequested.type, fullListLoader());
  yield takeLeading(realEstateActions.transactionsExportRequested.type, exportTransactions);
}
