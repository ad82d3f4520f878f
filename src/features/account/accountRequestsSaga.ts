import { call, getContext, put, takeEvery, takeLatest, takeLeading } from 'redux-saga/effects';
import { ApiError } from '../../api/ApiError';
import { toastShown } from '../../app/shellActions';
import type { AuthApi, User } from './authApi';
import { authErrorMessage } from './authSaga';
import { authActions } from './authSlice';
import { accountRequestsActions, type AccountRequest } from './accountRequestsSlice';

function* authApi() {
  return (yield getContext('authApi')) as AuthApi;
}

const succeeded = (request: AccountRequest, message: string | null = null) =>
  accountRequestsActions.requestSettled({ request, status: 'succeeded', message });
const failed = (request: AccountRequest, message: string) =>
  accountRequestsActions.requestSettled({ request, status: 'failed', message });

function* sendPasswordResetLink(action: ReturnType<typeof accountRequestsActions.passwordResetLinkRequested>) {
  const api: AuthApi = yield* authApi();
  try {
    const detail: string = yield call(api.requestPasswordReset, action.payload.email);
    yield put(succeeded('passwordResetLink', detail));
  } catch (error) {
    yield put(failed('passwordResetLink', authErrorMessage(error)));
  }
}

function* resetPassword(action: ReturnType<typeof accountRequestsActions.passwordResetRequested>) {
  const api: AuthApi = yield* authApi();
  const { token, password, confirmPassword } = action.payload;
  try {
    const detail: string = yield call(api.resetPassword, token, password, confirmPassword);
    yield put(succeeded('passwordReset', detail));
  } catch (error) {
    yield put(failed('passwordReset', authErrorMessage(error)));
  }
}

function* updateProfile(action: ReturnType<typeof accountRequestsActions.profileUpdateRequested>) {
  const api: AuthApi = yield* authApi();
  try {
    const updated: User = yield call(api.updateProfile, action.payload);
    yield put(authActions.sessionLoaded(updated));
    yield put(toastShown({ type: 'success', title: 'Profil mis à jour' }));
    yield put(succeeded('profileUpdate'));
  } catch (error) {
    yield put(failed('profileUpdate', authErrorMessage(error)));
  }
}

function* changePassword(action: ReturnType<typeof accountRequestsActions.passwordChangeRequested>) {
  const api: AuthApi = yield* authApi();
  const { currentPassword, newPassword, confirmPassword } = action.payload;
  try {
    const detail: string = yield call(api.changePassword, currentPassword, newPassword, confirmPassword);
    yield put(toastShown({ type: 'success', title: 'Mot de passe modifié', message: detail }));
    yield put(succeeded('passwordChange', detail));
  } catch (error) {
    yield put(failed('passwordChange', authErrorMessage(error)));
  }
}

/**
 * Verification links are single-use: a token sent again (a page mounted twice, or opened again) is not
 * sent to the server a second time; its first outcome is given again once known.
 */
function verifyEmailOnce() {
  const outcomes = new Map<string, ReturnType<typeof succeeded> | null>();
  return function* verifyEmail(action: ReturnType<typeof accountRequestsActions.emailVerificationRequested>) {
    const { token } = action.payload;
    if (outcomes.has(token)) {
      const known = outcomes.get(token);
      if (known) yield put(known);
      return;
    }
    outcomes.set(token, null);
    const api: AuthApi = yield* authApi();
    try {
      yield call(api.verifyEmail, token);
    } catch (error) {
      const message =
        error instanceof ApiError && error.message ? error.message : 'Échec de la vérification de l’email';
      outcomes.set(token, failed('emailVerification', message));
      yield put(failed('emailVerification', message));
      return;
    }
    outcomes.set(token, succeeded('emailVerification'));
    yield put(succeeded('emailVerification'));
    yield put(authActions.emailVerified());
    try {
      const user: User | null = yield call(api.me);
      if (user) yield put(authActions.sessionLoaded(user));
    } catch {
      // The address is verified; the session is refreshed at the next start-up.
    }
  };
}

function* resendVerificationEmail() {
  const api: AuthApi = yield* authApi();
  try {
    yield call(api.resendVerification);
    yield put(succeeded('verificationEmail', 'Email de vérification renvoyé avec succès !'));
  } catch (error) {
    yield put(
      failed('verificationEmail', error instanceof ApiError ? error.message : 'Erreur lors de l’envoi de l’email'),
    );
  }
}

/** The account forms' requests: reset link, new password, profile, password change, e-mail verification. */
export function* accountRequestsSaga() {
  yield takeLeading(accountRequestsActions.passwordResetLinkRequested.type, sendPasswordResetLink);
  yield takeLeading(accountRequestsActions.passwordResetRequested.type, resetPassword);
  yield takeLatest(accountRequestsActions.profileUpdateRequested.type, updateProfile);
  yield takeLeading(accountRequestsActions.passwordChangeRequested.type, changePassword);
  yield takeEvery(accountRequestsActions.emailVerificationRequested.type, verifyEmailOnce());
  yield takeLeading(accountRequestsActions.verificationEmailRequested.type, resendVerificationEmail);
}
