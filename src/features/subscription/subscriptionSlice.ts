import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Subscription } from './subscriptionApi';
import type { AuthState } from '../account/authSlice';
import type { AccessLevel, TierName } from '../../../kernel/subscription/tiers';
import { IDLE_REQUEST, PENDING_REQUEST, type RequestStatus } from '../../api/requestStatus';

/** A paid offer, as the local test provider's checkout and portal take it. */
export type PaidTier = Exclude<TierName, 'free'>;

/** A card payment on the local test provider's checkout page. */
export interface TestPayment {
  tier: PaidTier;
  card_number: string;
  expiry: string;
  cvc: string;
}

/** Anonymous by default; after a fetch, the user's tier. */
export interface SubscriptionState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** null: anonymous (or no subscription known). */
  subscription: Subscription | null;
  error: string | null;
  /** The payment step in progress (checkout, portal, test provider), and the offer it is for. */
  payment: RequestStatus & { tier: PaidTier | null };
}

export const initialSubscriptionState: SubscriptionState = {
  status: 'idle',
  subscription: null,
  error: null,
  payment: { ...IDLE_REQUEST, tier: null },
};

export const subscriptionSlice = createSlice({
  name: 'subscription',
  initialState: initialSubscriptionState,
  reducers: {
    subscriptionRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    /** A 401 leaves the user anonymous (null). */
    subscriptionLoaded(state, action: PayloadAction<Subscription | null>) {
      state.status = 'loaded';
      state.subscription = action.payload;
    },
    /** Another failure records the error and stays anonymous. */
    subscriptionFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.error = action.payload;
      state.subscription = null;
    },
    /** 'Choisir Light/Pro': the provider's checkout page opens. */
    checkoutRequested(state, action: PayloadAction<PaidTier>) {
      state.payment = { ...PENDING_REQUEST, tier: action.payload };
    },
    /** 'Gérer mon abonnement': the provider's portal opens. */
    portalRequested(state) {
      state.payment = { ...PENDING_REQUEST, tier: null };
    },
    testCheckoutPaid(state, action: PayloadAction<TestPayment>) {
      state.payment = { ...PENDING_REQUEST, tier: action.payload.tier };
    },
    testPlanChangeRequested(state, action: PayloadAction<PaidTier>) {
      state.payment = { ...PENDING_REQUEST, tier: action.payload };
    },
    testCancellationRequested(state) {
      state.payment = { ...PENDING_REQUEST, tier: null };
    },
    paymentSettled(state, action: PayloadAction<{ status: 'succeeded' | 'failed'; message: string | null }>) {
      state.payment = { ...state.payment, ...action.payload };
    },
    paymentCleared(state) {
      state.payment = { ...IDLE_REQUEST, tier: null };
    },
  },
});

export const subscriptionActions = subscriptionSlice.actions;

/** Tier level of the visitor: anonymous without an account, else the subscription's tier (Free by default). */
export const selectAccessLevel = (state: { auth: AuthState; subscription: SubscriptionState }): AccessLevel =>
  state.auth.user ? (state.subscription.subscription?.tier ?? 'free') : 'anonymous';
