import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, cancelled, getContext, put, select, takeLatest } from 'redux-saga/effects';
import { ApiError } from '../../api/ApiError';
import { toastShown } from '../../app/shellActions';
import type { AggregatedDemographics } from '../../../kernel/demographics/aggregateDemographics';
import type { Zone } from '../../../kernel/zones/Zone';
import type { DemographicsApi } from './demographicsApi';
import { demographicsActions, demographicsKey, isFresh, type DemographicsState } from './demographicsSlice';

/** The toast of a failed load. */
export const demographicsErrorMessage = (message: string) =>
  `Erreur lors du chargement des données démographiques: ${message}`;

function* loadZone(api: DemographicsApi, zone: Zone, force: boolean, now: () => number) {
  const key = demographicsKey(zone);
  const entry = (yield select((state: { demographics: DemographicsState }) => state.demographics.byZone[zone.id])) as
    DemographicsState['byZone'][string] | undefined;
  if (!force && isFresh(entry, key, now())) return;
  const controller = new AbortController();
  yield put(demographicsActions.zoneLoading({ zoneId: zone.id, key }));
  try {
    const data = (yield call([api, api.analyze], zone, controller.signal)) as AggregatedDemographics;
    yield put(demographicsActions.zoneLoaded({ zoneId: zone.id, key, data, loadedAt: now() }));
  } catch (error) {
    if (error instanceof ApiError && error.code === 'ABORTED') return;
    const message = error instanceof Error ? error.message : String(error);
    yield put(demographicsActions.zoneFailed({ zoneId: zone.id, key, error: message }));
    yield put(toastShown({ type: 'error', title: demographicsErrorMessage(message) }));
  } finally {
    if ((yield cancelled()) as boolean) {
      controller.abort();
      yield put(demographicsActions.zoneCancelled(zone.id));
    }
  }
}

function* loadZones(action: PayloadAction<{ zones: Zone[]; force?: boolean }>) {
  const api = (yield getContext('demographicsApi')) as DemographicsApi;
  const now = ((yield getContext('now')) as (() => number) | undefined) ?? Date.now;
  yield all(action.payload.zones.map((zone) => call(loadZone, api, zone, action.payload.force ?? false, now)));
}

/** A new request cancels (aborts) the previous one; fresh results come from the cache. */
export function* demographicsSaga() {
  yield takeLatest(demographicsActions.demographicsRequested.type, loadZones);
}
