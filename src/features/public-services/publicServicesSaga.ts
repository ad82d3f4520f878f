import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, takeEvery, takeLatest } from 'redux-saga/effects';
import { toastShown } from '../../app/shellActions';
import { formatNumber } from '../../../kernel/format/formatFrench';
import {
  PUBLIC_SERVICE_LIMITS,
  type PublicServiceStatistics,
  type SearchResponse,
  type ServedPopulation,
  type ServiceCategory,
  type ServiceType,
  type ZoneAnalysis,
} from '../../../kernel/public-services/publicServiceSchemas';
import { type Zone, zoneReferenceOf } from '../../../kernel/zones/Zone';
import { addressLine } from './mapServicesByCategory';
import type { PublicServicesApi } from './publicServicesApi';
import { publicServicesActions as actions, type MapService } from './publicServicesSlice';

const messageOf = (error: unknown, fallback: string) =>
  error instanceof Error && error.message ? error.message : fallback;

/** A type of more than 2,000 services is shown département by département (at most 5). */
export const needsDepartements = (type: Pick<ServiceType, 'count'>) =>
  type.count > PUBLIC_SERVICE_LIMITS.departementThreshold;

function* api() {
  return (yield getContext('publicServicesApi')) as PublicServicesApi;
}

function* loadAnalysis(action: PayloadAction<{ zone: Zone }>) {
  const { zone } = action.payload;
  const client: PublicServicesApi = yield* api();
  const reference = zoneReferenceOf(zone);
  if (!reference) {
    yield put(actions.analysisFailed({ zoneId: zone.id, error: 'Aucune géométrie fournie' }));
    return;
  }
  try {
    const data: ZoneAnalysis = yield call([client, client.zoneAnalysis], reference);
    yield put(actions.analysisLoaded({ zoneId: zone.id, data }));
  } catch (error) {
    yield put(
      actions.analysisFailed({ zoneId: zone.id, error: messageOf(error, 'Failed to load public service analysis') }),
    );
  }
}

function* loadServed(action: PayloadAction<{ zone: Zone }>) {
  const { zone } = action.payload;
  const client: PublicServicesApi = yield* api();
  const reference = zoneReferenceOf(zone);
  if (!reference) {
    yield put(actions.servedFailed({ zoneId: zone.id, error: 'Aucune géométrie fournie' }));
    return;
  }
  try {
    const data: ServedPopulation = yield call([client, client.servedPopulation], reference);
    yield put(actions.servedLoaded({ zoneId: zone.id, data }));
  } catch (error) {
    yield put(actions.servedFailed({ zoneId: zone.id, error: messageOf(error, 'Erreur de chargement') }));
  }
}

function* loadCategories() {
  const client: PublicServicesApi = yield* api();
  try {
    const data: ServiceCategory[] = yield call([client, client.categories]);
    yield put(actions.categoriesLoaded(data));
  } catch (error) {
    yield put(actions.categoriesFailed(messageOf(error, 'Erreur lors du chargement des catégories de services')));
  }
}

function* loadStatistics() {
  const client: PublicServicesApi = yield* api();
  try {
    const data: PublicServiceStatistics = yield call([client, client.statistics]);
    yield put(actions.statisticsLoaded(data));
  } catch {
    yield put(actions.statisticsFailed());
  }
}

function* loadTypeServices(action: PayloadAction<{ type: string }>) {
  const { type } = action.payload;
  const client: PublicServicesApi = yield* api();
  try {
    const data: SearchResponse = yield call([client, client.search], {
      serviceTypes: [type],
      limit: PUBLIC_SERVICE_LIMITS.perType,
    });
    yield put(actions.typeServicesLoaded({ type, data }));
  } catch (error) {
    yield put(actions.typeServicesFailed({ type, error: messageOf(error, 'Failed to load services') }));
    yield put(toastShown({ type: 'error', title: 'Erreur lors du chargement des services' }));
  }
}

function* displayType(action: PayloadAction<{ type: ServiceType; departements?: string[] }>) {
  const { type, departements } = action.payload;
  if (!departements && needsDepartements(type)) {
    yield put(actions.departementSelectionOpened(type));
    return;
  }
  const client: PublicServicesApi = yield* api();
  yield put(actions.typeDisplayStarted(type.type_service_local));
  try {
    const answer: SearchResponse = yield call([client, client.search], {
      serviceTypes: [type.type_service_local],
      limit: PUBLIC_SERVICE_LIMITS.map,
      withCoordinatesOnly: true,
      ...(departements ? { departements } : {}),
    });
    const services: MapService[] = answer.services
      .filter((service) => service.latitude !== null && service.longitude !== null)
      .map((service) => ({
        id: service.id,
        name: service.nom,
        address: addressLine({
          street: service.numero_voie,
          postalCode: service.code_postal,
          city: service.nom_commune,
        }),
        category: service.category,
        longitude: service.longitude as number,
        latitude: service.latitude as number,
      }));
    if (services.length === 0) {
      yield put(actions.typeDisplayEnded(type.type_service_local));
      yield put(toastShown({ type: 'warning', title: 'Aucun service avec coordonnées trouvé' }));
      return;
    }
    yield put(
      actions.typeDisplayed({
        type: type.type_service_local,
        name: type.name,
        category: type.category,
        departements: departements ?? [],
        services,
      }),
    );
    yield put(toastShown({ type: 'success', title: `${formatNumber(services.length)} ${type.name} affichés` }));
  } catch {
    yield put(actions.typeDisplayEnded(type.type_service_local));
    yield put(toastShown({ type: 'error', title: 'Erreur lors de l’affichage des services' }));
  }
}

/** Zone analysis, served population, catalogue, statistics, type lists and map display. */
export function* publicServicesSaga() {
  yield takeLatest(actions.analysisRequested.type, loadAnalysis);
  yield takeLatest(actions.servedRequested.type, loadServed);
  yield takeLatest(actions.categoriesRequested.type, loadCategories);
  yield takeLatest(actions.statisticsRequested.type, loadStatistics);
  yield takeEvery(actions.typeServicesRequested.type, loadTypeServices);
  yield takeEvery(actions.typeDisplayRequested.type, displayType);
}
