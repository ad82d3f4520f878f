import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeEvery, takeLatest } from 'redux-saga/effects';
import type { ZonesApi } from './zonesApi';
import { territoryTreeSaga } from './territoryTreeSaga';
import { ApiError } from '../../api/ApiError';
import type { Zone } from '../../../kernel/zones/Zone';
import { layoutActions, type LayoutState } from '../../app/shellActions';
import { ZONE_STORE_ERRORS, zonesActions, type ZonesState } from './zonesSlice';

/** The part of the store this saga reads. */
interface ZonesSagaState {
  zones: ZonesState;
  layout: LayoutState;
}

const messageOf = (error: unknown, fallback: string) =>
  error instanceof ApiError && error.status > 0 && error.status < 500 ? error.message : fallback;

/**
 * Sync: the saved zones replace the local ones. Zones added locally while the request was
 * running (a journey seeding the store, an add in flight) are kept.
 */
function* loadZones() {
  const api = (yield getContext('zonesApi')) as ZonesApi;
  const before = new Set(
    ((yield select((state: ZonesSagaState) => state.zones.zones)) as Zone[]).map((zone) => zone.id),
  );
  yield put(zonesActions.syncStatusChanged({ status: 'syncing' }));
  const saved: Zone[] = yield call([api, api.list], true);
  const current = (yield select((state: ZonesSagaState) => state.zones.zones)) as Zone[];
  const savedIds = new Set(saved.map((zone) => zone.id));
  const addedMeanwhile = current.filter((zone) => !before.has(zone.id) && !savedIds.has(zone.id));
  yield put(zonesActions.zonesReplaced([...saved, ...addedMeanwhile]));
  yield put(zonesActions.syncStatusChanged({ status: 'idle' }));
}

function* createZone(action: PayloadAction<Zone>) {
  const api = (yield getContext('zonesApi')) as ZonesApi;
  const zone = action.payload;
  yield put(zonesActions.zoneAdded(zone));
  yield put(layoutActions.zoneSelected(zone.id));
  yield put(zonesActions.syncStatusChanged({ status: 'syncing' }));
  try {
    const saved: Zone = yield call([api, api.save], zone);
    yield put(zonesActions.zoneAdded({ ...zone, ...saved, geometry: saved.geometry ?? zone.geometry }));
    yield put(zonesActions.syncStatusChanged({ status: 'idle' }));
  } catch (error) {
    const message = messageOf(error, ZONE_STORE_ERRORS.save);
    yield put(zonesActions.zoneRemoved(zone.id));
    yield put(layoutActions.zoneDeselected(zone.id));
    yield put(zonesActions.zoneSaveFailed({ zoneId: zone.id, message }));
    yield put(zonesActions.syncStatusChanged({ status: 'error', error: message }));
    return;
  }
  // After a creation the store re-syncs with the backend.
  yield call(loadZones);
}

function* deleteZone(action: PayloadAction<string>) {
  const api = (yield getContext('zonesApi')) as ZonesApi;
  const zones = (yield select((state: ZonesSagaState) => state.zones.zones)) as Zone[];
  const index = zones.findIndex((zone) => zone.id === action.payload);
  const zone = zones[index];
  if (!zone) return;
  const layout = (yield select((state: ZonesSagaState) => state.layout)) as LayoutState;
  yield put(zonesActions.zoneRemoved(zone.id));
  yield put(layoutActions.zoneDeselected(zone.id));
  yield put(zonesActions.syncStatusChanged({ status: 'syncing' }));
  try {
    yield call([api, api.remove], zone.id);
    yield put(zonesActions.syncStatusChanged({ status: 'idle' }));
  } catch {
    yield put(zonesActions.zoneRestored({ zone, index }));
    if (layout.selectedZones.includes(zone.id)) yield put(layoutActions.zonesSelectionSet(layout.selectedZones));
    yield put(zonesActions.syncStatusChanged({ status: 'error', error: ZONE_STORE_ERRORS.delete }));
  }
}

function* clearZones() {
  const api = (yield getContext('zonesApi')) as ZonesApi;
  const zones = (yield select((state: ZonesSagaState) => state.zones.zones)) as Zone[];
  const selected = (yield select((state: ZonesSagaState) => state.layout.selectedZones)) as string[];
  yield put(zonesActions.zonesCleared());
  yield put(layoutActions.zonesSelectionCleared());
  yield put(zonesActions.syncStatusChanged({ status: 'syncing' }));
  try {
    yield call([api, api.clear]);
    yield put(zonesActions.syncStatusChanged({ status: 'idle' }));
  } catch {
    yield put(zonesActions.zonesReplaced(zones));
    yield put(layoutActions.zonesSelectionSet(selected));
    yield put(zonesActions.syncStatusChanged({ status: 'error', error: ZONE_STORE_ERRORS.clear }));
  }
}

function* retry() {
  const status = (yield select((state: ZonesSagaState) => state.zones.syncStatus)) as ZonesState['syncStatus'];
  if (status === 'error') yield call(loadZones);
}

/** The zones store's server side — load, optimistic add/delete/clear with rollback, retry. */
export function* zonesSaga() {
  yield takeLatest(zonesActions.zonesLoadRequested.type, loadZones);
  yield takeEvery(zonesActions.zoneCreateRequested.type, createZone);
  yield takeEvery(zonesActions.zoneDeleteRequested.type, deleteZone);
  yield takeLatest(zonesActions.zonesClearRequested.type, clearZones);
  yield takeLatest(zonesActions.zonesRetryRequested.type, retry);
  yield call(territoryTreeSaga);
}
