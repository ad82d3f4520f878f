import type { PayloadAction } from '@reduxjs/toolkit';
import { all, call, getContext, put, select, takeLatest } from 'redux-saga/effects';
import type { GymChains, GymSearch } from '../../../kernel/gyms/gymSchemas';
import type { Analysis, Competition, Potential } from '../../../kernel/market/marketSchemas';
import type { GeocodedPlace } from '../geocoding/geocodingApi';
import type { MarketApi } from './marketApi';
import {
  marketActions,
  selectMarket,
  type GymsRequest,
  type MarketState,
  type MarketStudyRequest,
} from './marketSlice';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** One study: the site (geocoded when an address), then potential, competition and the Huff model at once. */
function* study(action: PayloadAction<MarketStudyRequest>) {
  const request = action.payload;
  const api = (yield getContext('marketApi')) as MarketApi;
  try {
    let site: { longitude: number; latitude: number; label: string };
    if (request.site.kind === 'address') {
      const place: GeocodedPlace | undefined = yield call([api, api.place], request.site.text);
      if (!place) throw new Error(`Aucune adresse trouvée pour: ${request.site.text}`);
      site = { longitude: place.center[0], latitude: place.center[1], label: place.label };
    } else site = request.site;
    const coordinates: [number, number] = [site.longitude, site.latitude];
    const [potential, competition, analysis]: [Potential, Competition, Analysis] = yield all([
      call([api, api.potential], { coordinates, mode: request.mode, minutes: [5, 10, 15] }),
      call([api, api.competition], {
        coordinates,
        categories: [request.sector],
        mode: request.mode,
        minutes: request.minutes,
      }),
      call([api, api.analysis], {
        coordinates,
        sector: request.sector,
        mode: request.mode,
        minutes: request.minutes,
        lambda: request.lambda,
        own_outlets: request.ownOutlets,
      }),
    ]);
    yield put(marketActions.studyLoaded({ site, potential, competition, analysis }));
  } catch (error) {
    yield put(marketActions.studyFailed(messageOf(error, 'Erreur lors de l’étude de marché')));
  }
}

/** At most this many gyms are listed (nearest first). */
export const GYM_LIST_LIMIT = 200;

/** Gyms around the point with the filters; the chains' counts read with the first search only. */
function* searchGyms(action: PayloadAction<GymsRequest>) {
  const request = action.payload;
  const api = (yield getContext('marketApi')) as MarketApi;
  try {
    const known = ((yield select(selectMarket)) as MarketState).gyms.chains;
    const [results, chains]: [GymSearch, GymChains] = yield all([
      call([api, api.gyms], {
        coordinates: [request.longitude, request.latitude],
        maxDistance: request.maxDistanceKm,
        chains: request.chain && request.chain !== 'independent' ? [request.chain] : [],
        independent_only: request.chain === 'independent',
        ...(request.name.trim() ? { name: request.name.trim() } : {}),
        limit: GYM_LIST_LIMIT,
      }),
      known ?? call([api, api.gymChains]),
    ]);
    yield put(marketActions.gymsLoaded({ results, chains }));
  } catch (error) {
    yield put(marketActions.gymsFailed(messageOf(error, 'Erreur lors de la recherche des salles de sport')));
  }
}

export function* marketSaga() {
  yield takeLatest(marketActions.studyRequested.type, study);
  yield takeLatest(marketActions.gymsRequested.type, searchGyms);
}
