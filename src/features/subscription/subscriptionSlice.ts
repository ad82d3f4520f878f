import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { Subscription } from './subscriptionApi';
import type { AuthState } from '../account/authSlice';
import type { AccessLevel } from '../../../kernel/subscription/tiers';

/** Anonymous by default; after a fetch, the user's tier. */
export interface SubscriptionState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  /** null: anonymous (or no subscription known). */
  subscription: Subscription | null;
  error: string | null;
}

export const initialSubscriptionState: SubscriptionState = { status: 'idle', subscription: null, error: null };

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
  },
});

export const subscriptionActions = subscriptionSlice.actions;

/** Tier level of the visitor: anonymous without an account, else the subscription's tier (Free by default). */
export const selectAccessLevel = (state: { auth: AuthState; subscription: SubscriptionState }): AccessLevel =>
  state.auth.user ? (state.subscription.subscription?.tier ?? 'free') : 'anonymous';
