import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import { authErrorMessage } from '../account/authSaga';
import type { ApiKey, ApiKeysApi, CreatedApiKey } from './apiKeysApi';
import { apiKeysActions } from './apiKeysSlice';

function* api() {
  return (yield getContext('apiKeysApi')) as ApiKeysApi;
}

function* loadKeys() {
  const client: ApiKeysApi = yield* api();
  try {
    const keys: ApiKey[] = yield call(client.list);
    yield put(apiKeysActions.apiKeysLoaded(keys));
  } catch (error) {
    yield put(apiKeysActions.apiKeysFailed(authErrorMessage(error)));
  }
}

function* createKey(action: ReturnType<typeof apiKeysActions.apiKeyCreationRequested>) {
  const client: ApiKeysApi = yield* api();
  try {
    const created: CreatedApiKey = yield call(client.create, action.payload);
    yield put(apiKeysActions.apiKeyCreated(created));
  } catch (error) {
    yield put(apiKeysActions.apiKeysFailed(authErrorMessage(error)));
  }
}

function* revokeKey(action: ReturnType<typeof apiKeysActions.apiKeyRevocationRequested>) {
  const client: ApiKeysApi = yield* api();
  try {
    yield call(client.revoke, action.payload);
    yield put(apiKeysActions.apiKeyRevoked(action.payload));
  } catch (error) {
    yield put(apiKeysActions.apiKeysFailed(authErrorMessage(error)));
  }
}

/** Lists, creates and revokes the Pro user's API keys (the API is injected as `apiKeysApi`). */
export function* apiKeysSaga() {
  yield takeLatest(apiKeysActions.apiKeysRequested.type, loadKeys);
  yield takeLatest(apiKeysActions.apiKeyCreationRequested.type, createKey);
  yield takeLatest(apiKeysActions.apiKeyRevocationRequested.type, revokeKey);
}
