import { call, getContext, put, select, takeLeading } from 'redux-saga/effects';
import type { SaveFile } from '../../api/saveFile';
import type { AuthApi } from '../../features/account/authApi';
import { authErrorMessage } from '../../features/account/authSaga';
import { accountRequestsActions } from '../../features/account/accountRequestsSlice';
import { toastShown } from '../toasts/toastsSlice';
import { personalDataFile, type PersonalDataSources } from './personalDataExport';

/** 'Exporter mes données': what the server holds (signed in) and what this browser keeps, one JSON file. */
function* exportPersonalData() {
  const api = (yield getContext('authApi')) as AuthApi;
  const save = (yield getContext('saveFile')) as SaveFile;
  const state = (yield select((sources: PersonalDataSources) => sources)) as PersonalDataSources;
  try {
    const server: unknown = state.auth.user ? yield call(api.exportData) : null;
    const file = personalDataFile(state, new Date(), server);
    save(file.name, file.content, 'application/json');
    yield put(
      accountRequestsActions.requestSettled({ request: 'personalDataExport', status: 'succeeded', message: null }),
    );
    yield put(
      toastShown({ type: 'success', title: 'Données exportées', message: 'Le fichier JSON a été téléchargé.' }),
    );
  } catch (error) {
    const message = authErrorMessage(error);
    yield put(accountRequestsActions.requestSettled({ request: 'personalDataExport', status: 'failed', message }));
    yield put(toastShown({ type: 'error', title: 'Export des données impossible', message }));
  }
}

export function* personalDataSaga() {
  yield takeLeading(accountRequestsActions.personalDataExportRequested.type, exportPersonalData);
}
