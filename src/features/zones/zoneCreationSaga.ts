import type { PayloadAction } from '@reduxjs/toolkit';
import type { Feature, MultiPolygon, Polygon } from 'geojson';
import { call, delay, getContext, put, select, takeLatest, takeLeading } from 'redux-saga/effects';
import type { Zone } from '../../../kernel/zones/Zone';
import { ApiError } from '../../api/ApiError';
import type { GeocodedPlace, GeocodingApi } from '../geocoding/geocodingApi';
import type { IsochroneResult, IsochronesApi } from '../isochrones/isochronesApi';
import { isochroneZone, withoutReach } from './zoneCreation';
import { zoneCreationActions, type ZoneCreationRequest } from './zoneCreationSlice';
import { zonesActions, type ZonesState } from './zonesSlice';

/** Suggestions wait for a pause in typing. */
export const SUGGESTION_DELAY_MS = 250;

const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error));

/** The French message of a failed creation or preview (the server's reason when it refused the request). */
const creationErrorOf = (error: unknown) => {
  const detail = error instanceof ApiError && error.status > 0 && error.status < 500 ? ` (${error.message})` : '';
  return `Erreur lors de la création de la zone. Veuillez réessayer.${detail}`;
};

function* loadSuggestions(action: PayloadAction<string>) {
  yield delay(SUGGESTION_DELAY_MS);
  const api = (yield getContext('geocodingApi')) as GeocodingApi;
  try {
    const places: GeocodedPlace[] = yield call(api.search, action.payload);
    yield put(zoneCreationActions.suggestionsReceived({ query: action.payload, places: places.slice(0, 6) }));
  } catch {
    // Suggestions are a convenience: 'Rechercher' reports errors.
  }
}

/** The first place for a typed address, or null after reporting why under the input. */
function* geocode(address: string) {
  const api = (yield getContext('geocodingApi')) as GeocodingApi;
  const query = address.trim();
  try {
    const [first]: GeocodedPlace[] = yield call(api.search, query);
    if (!first) {
      yield put(zoneCreationActions.addressFailed(`Aucune adresse trouvée pour: ${query}`));
      return null;
    }
    yield put(zoneCreationActions.geocoded(first));
    return first;
  } catch (error) {
    yield put(zoneCreationActions.addressFailed(`Erreur lors de la recherche d'adresse: ${errorText(error)}`));
    return null;
  }
}

function* searchAddress(action: PayloadAction<string>) {
  yield* geocode(action.payload);
}

function* startOf(request: ZoneCreationRequest) {
  if (request.place) return request.place;
  return (yield* geocode(request.address)) as GeocodedPlace | null;
}

/** The preview: the zone computed once, with the reached network when the form asked for it. */
function* computePreview(action: PayloadAction<ZoneCreationRequest>) {
  const api = (yield getContext('isochronesApi')) as IsochronesApi;
  try {
    const start: GeocodedPlace | null = yield* startOf(action.payload);
    if (!start) return;
    const result: IsochroneResult = yield call(api.generate, {
      ...action.payload.isochrone,
      coordinates: start.center,
    });
    yield put(zoneCreationActions.previewReceived({ place: start, feature: result.feature }));
  } catch (error) {
    yield put(zoneCreationActions.creationFailed(creationErrorOf(error)));
  }
}

/** 'Créer la zone': start, polygon (the preview's or a new one), then the zone is added and saved. */
function* createZone(
  action: PayloadAction<ZoneCreationRequest & { previewed: Feature<Polygon | MultiPolygon> | null }>,
) {
  const api = (yield getContext('isochronesApi')) as IsochronesApi;
  const { parameters, previewed } = action.payload;
  try {
    const start: GeocodedPlace | null = yield* startOf(action.payload);
    if (!start) return;
    const feature: Feature<Polygon | MultiPolygon> =
      previewed ??
      ((yield call(api.generate, { ...action.payload.isochrone, coordinates: start.center })) as IsochroneResult)
        .feature;
    const existing = (yield select((state: { zones: ZonesState }) => state.zones.zones)) as Zone[];
    const zone = isochroneZone({
      existing,
      address: start.label,
      coordinates: start.center,
      parameters,
      feature: withoutReach(feature),
    });
    yield put(zonesActions.zoneCreateRequested(zone));
    yield put(zoneCreationActions.created(zone));
  } catch (error) {
    yield put(zoneCreationActions.creationFailed(creationErrorOf(error)));
  }
}

/** The create-zone form's requests: suggestions (latest wins), search, preview and creation. */
export function* zoneCreationSaga() {
  yield takeLatest(zoneCreationActions.suggestionsRequested.type, loadSuggestions);
  yield takeLatest(zoneCreationActions.geocodingRequested.type, searchAddress);
  yield takeLatest(zoneCreationActions.previewRequested.type, computePreview);
  yield takeLeading(zoneCreationActions.creationRequested.type, createZone);
}
