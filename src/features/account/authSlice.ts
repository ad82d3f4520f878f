import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { User } from './authApi';
import type { RegistrationPayload } from '../../../kernel/account/accountValidation';

/** The three account modals of the layout shell. */
export type AuthModal = 'login' | 'register' | 'profile';

/** Loading, then user null or set. */
export interface AuthState {
  status: 'loading' | 'ready';
  user: User | null;
  modal: AuthModal | null;
  /** A login or registration request is in flight. */
  pending: boolean;
  /** The last login/registration failure, shown in the modal. */
  error: string | null;
  /** The account deletion dialog has a pending state. */
  deleting: boolean;
  /** A registration the server accepted: the account opens from the link mailed to this address. */
  registration: { email: string; detail: string } | null;
}

export const initialAuthState: AuthState = {
  status: 'loading',
  user: null,
  modal: null,
  pending: false,
  error: null,
  deleting: false,
  registration: null,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState: initialAuthState,
  reducers: {
    sessionLoaded(state, action: PayloadAction<User | null>) {
      state.status = 'ready';
      state.user = action.payload;
    },
    authModalOpened(state, action: PayloadAction<AuthModal>) {
      state.modal = action.payload;
      state.error = null;
      state.registration = null;
    },
    authModalClosed(state) {
      state.modal = null;
      state.error = null;
      state.pending = false;
    },
    loginRequested(state, _action: PayloadAction<{ email: string; password: string }>) {
      state.pending = true;
      state.error = null;
    },
    registrationRequested(state, _action: PayloadAction<RegistrationPayload>) {
      state.pending = true;
      state.error = null;
    },
    /** Login/registration sets the user. */
    authSucceeded(state, action: PayloadAction<User>) {
      state.user = action.payload;
      state.status = 'ready';
      state.pending = false;
      state.modal = null;
    },
    /** The server mailed the confirmation link; the user signs in by opening it. */
    registrationAccepted(state, action: PayloadAction<{ email: string; detail: string }>) {
      state.pending = false;
      state.error = null;
      state.registration = action.payload;
    },
    authFailed(state, action: PayloadAction<string>) {
      state.pending = false;
      state.error = action.payload;
    },
    logoutRequested() {},
    /** Logout clears the user even if the server call fails. */
    loggedOut(state) {
      state.user = null;
      state.modal = null;
    },
    verificationResendRequested() {},
    emailVerified(state) {
      if (state.user) state.user.isVerified = true;
    },
    accountDeletionRequested(state) {
      state.deleting = true;
    },
    accountDeleted(state) {
      state.deleting = false;
      state.user = null;
      state.modal = null;
    },
    accountDeletionFailed(state) {
      state.deleting = false;
    },
  },
});

export const authActions = authSlice.actions;
