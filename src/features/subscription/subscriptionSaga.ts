import { call, getContext, put, takeLatest } from 'redux-saga/effects';
import type { Subscription, SubscriptionApi } from './subscriptionApi';
import { authActions } from '../account/authSlice';
import { subscriptionActions } from './subscriptionSlice';

function* loadSubscription() {
  const api = (yield getContext('subscriptionApi')) as SubscriptionApi;
  try {
    const subscription: Subscription | null = yield call(api.mine);
    yield put(subscriptionActions.subscriptionLoaded(subscription));
  } catch {
    yield put(subscriptionActions.subscriptionFailed('Erreur lors de la récupération des données d’abonnement'));
  }
}

function* refreshForSession(action: { payload?: unknown; type: string }) {
  if (
    action.type === authActions.loggedOut.type ||
    action.type === authActions.accountDeleted.type ||
    !action.payload
  ) {
    yield put(subscriptionActions.subscriptionLoaded(null));
  } else {
    yield put(subscriptionActions.subscriptionRequested());
  }
}

/** Loads the subscription on request and whenever the signed-in user changes. */
export function* subscriptionSaga() {
  yield takeLatest(subscriptionActions.subscriptionRequested.type, loadSubscription);
  yield takeLatest(
    [
      authActions.sessionLoaded.type,
      authActions.authSucceeded.type,
      authActions.loggedOut.type,
      authActions.accountDeleted.type,
    ],
    refreshForSession,
  );
}
