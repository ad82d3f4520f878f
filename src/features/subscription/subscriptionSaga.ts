import { call, getContext, put, takeLatest, takeLeading } from 'redux-saga/effects';
import type { OpenLocation } from '../../api/openLocation';
import { toastShown } from '../../app/shellActions';
import { planOf, TRIAL_DAYS } from '../../../kernel/subscription/tiers';
import type { Subscription, SubscriptionApi } from './subscriptionApi';
import { authErrorMessage } from '../account/authSaga';
import { authActions } from '../account/authSlice';
import { subscriptionActions } from './subscriptionSlice';

function* subscriptionApi() {
  return (yield getContext('subscriptionApi')) as SubscriptionApi;
}

function* loadSubscription() {
  const api: SubscriptionApi = yield* subscriptionApi();
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

const paymentFailed = (message: string) => subscriptionActions.paymentSettled({ status: 'failed', message });
const paymentSucceeded = subscriptionActions.paymentSettled({ status: 'succeeded', message: null });

/** Checkout or portal of the provider: its address is asked for, then the browser goes there. */
function* openProviderPage(action: { type: string }) {
  const api: SubscriptionApi = yield* subscriptionApi();
  const open = (yield getContext('openLocation')) as OpenLocation;
  const checkout = subscriptionActions.checkoutRequested.match(action) ? action : null;
  try {
    const url: string = checkout
      ? yield call(api.createCheckoutSession, checkout.payload)
      : yield call(api.createPortalSession);
    yield put(paymentSucceeded);
    open(url);
  } catch (error) {
    const message = authErrorMessage(error);
    yield put(paymentFailed(message));
    const title = checkout
      ? 'Erreur lors de la création de la session de paiement'
      : 'Erreur lors de l’accès au portail de gestion';
    yield put(toastShown({ type: 'error', title, message }));
  }
}

/** The local test provider: pay a checkout, change offer or cancel; the subscription is then reloaded. */
function* testProviderStep(action: { type: string; payload?: unknown }) {
  const api: SubscriptionApi = yield* subscriptionApi();
  try {
    if (subscriptionActions.testCheckoutPaid.match(action)) {
      yield call(api.payTestCheckout, action.payload);
      const plan = planOf(action.payload.tier);
      yield put(
        toastShown({ type: 'success', title: `Offre ${plan.label} activée`, message: `Essai gratuit de ${TRIAL_DAYS} jours` }),
      );
    } else if (subscriptionActions.testPlanChangeRequested.match(action)) {
      yield call(api.changeTestPlan, action.payload);
      yield put(toastShown({ type: 'success', title: `Offre ${planOf(action.payload).label} activée` }));
    } else {
      yield call(api.cancelTestSubscription);
      yield put(toastShown({ type: 'success', title: 'Abonnement résilié' }));
    }
    yield put(subscriptionActions.subscriptionRequested());
    yield put(paymentSucceeded);
  } catch (error) {
    yield put(paymentFailed(authErrorMessage(error)));
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
  yield takeLeading(
    [subscriptionActions.checkoutRequested.type, subscriptionActions.portalRequested.type],
    openProviderPage,
  );
  yield takeLeading(
    [
      subscriptionActions.testCheckoutPaid.type,
      subscriptionActions.testPlanChangeRequested.type,
      subscriptionActions.testCancellationRequested.type,
    ],
    testProviderStep,
  );
}
