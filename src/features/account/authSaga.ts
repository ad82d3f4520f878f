import { all, call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/ApiError';
import type { AuthApi, RegistrationAccepted, User } from './authApi';
import { toastShown } from '../../app/shellActions';
import { authActions } from './authSlice';

/** The server's detail text, else 'Une erreur est survenue'. */
export function authErrorMessage(error: unknown): string {
  return error instanceof ApiError && error.message ? error.message : 'Une erreur est survenue';
}

function* authApi() {
  return (yield getContext('authApi')) as AuthApi;
}

function* loadSession() {
  const api: AuthApi = yield* authApi();
  try {
    const user: User | null = yield call(api.me);
    yield put(authActions.sessionLoaded(user));
  } catch {
    yield put(authActions.sessionLoaded(null));
  }
}

function* login(action: ReturnType<typeof authActions.loginRequested>) {
  const api: AuthApi = yield* authApi();
  try {
    const user: User = yield call(api.login, action.payload.email, action.payload.password);
    yield put(authActions.authSucceeded(user));
  } catch (error) {
    yield put(authActions.authFailed(authErrorMessage(error)));
  }
}

function* register(action: ReturnType<typeof authActions.registrationRequested>) {
  const api: AuthApi = yield* authApi();
  try {
    const accepted: RegistrationAccepted = yield call(api.register, action.payload);
    yield put(authActions.registrationAccepted(accepted));
  } catch (error) {
    yield put(authActions.authFailed(authErrorMessage(error)));
  }
}

function* logout() {
  const api: AuthApi = yield* authApi();
  try {
    yield call(api.logout);
  } catch {
    // The user is logged out locally even if the server call fails
  } finally {
    yield put(authActions.loggedOut());
  }
}

function* resendVerification() {
  const api: AuthApi = yield* authApi();
  try {
    yield call(api.resendVerification);
    yield put(toastShown({ type: 'success', title: 'Email de vérification renvoyé avec succès' }));
  } catch (error) {
    yield put(
      toastShown({ type: 'error', title: 'Erreur lors de l’envoi de l’email', message: authErrorMessage(error) }),
    );
  }
}

function* deleteAccount() {
  const api: AuthApi = yield* authApi();
  try {
    yield call(api.deleteAccount);
    yield put(authActions.accountDeleted());
    yield put(toastShown({ type: 'success', title: 'Compte supprimé avec succès' }));
  } catch (error) {
    yield put(authActions.accountDeletionFailed());
    yield put(
      toastShown({ type: 'error', title: 'Erreur lors de la suppression du compte', message: authErrorMessage(error) }),
    );
  }
}

/** Auth: the current user is fetched at start-up; login, registration, logout, deletion. */
export function* authSaga() {
  yield all([
    call(loadSession),
    takeLatest(authActions.loginRequested.type, login),
    takeLatest(authActions.registrationRequested.type, register),
    takeLeading(authActions.logoutRequested.type, logout),
    takeLeading(authActions.verificationResendRequested.type, resendVerification),
    takeLeading(authActions.accountDeletionRequested.type, deleteAccount),
  ]);
}
