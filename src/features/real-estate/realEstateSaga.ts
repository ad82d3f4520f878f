import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { ZoneStatistics } from '../../../kernel/real-estate/realEstateSchemas';
import type { RealEstateFilters } from '../../../kernel/real-estate/realEstateTypes';
import type { Zone } from '../../../kernel/zones/Zone';
import { realEstateApi, type SearchResponse } from './realEstateApi';
import { realEstateActions } from './realEstateSlice';

const messageOf = (error: unknown, fallback: string) => (error instanceof Error && error.message ? error.message : fallback);

function* loadAnalysis(action: PayloadAction<{ zone: Zone }>) {
  const { zone } = action.payload;
  try {
    const statistics: ZoneStatistics = yield call(realEstateApi.zoneStatistics, zone, {}, 200);
    yield put(realEstateActions.analysisLoaded({ zoneId: zone.id, statistics }));
  } catch (error) {
    yield put(
      realEstateActions.analysisFailed({ zoneId: zone.id, error: messageOf(error, 'Erreur de chargement des statistiques') }),
    );
  }
}

function* runSearch(action: PayloadAction<{ filters: RealEstateFilters; page: number }>) {
  try {
    const result: SearchResponse = yield call(realEstateApi.search, action.payload.filters, action.payload.page);
    yield put(realEstateActions.searchLoaded(result));
  } catch (error) {
    yield put(realEstateActions.searchFailed(messageOf(error, 'Erreur de recherche')));
  }
}

/** Loads the active zone's statistics and runs the advanced search (latest request wins). */
export function* realEstateSaga() {
  yield takeLatest(realEstateActions.analysisRequested.type, loadAnalysis);
  yield takeLatest(realEstateActions.searchRequested.type, runSearch);
}
