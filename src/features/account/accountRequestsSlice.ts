import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { IDLE_REQUEST, PENDING_REQUEST, type RequestStatus } from '../../api/requestStatus';

/** The account forms and pages that send one request and show its outcome. */
export const ACCOUNT_REQUESTS = [
  'passwordResetLink',
  'passwordReset',
  'profileUpdate',
  'passwordChange',
  'emailVerification',
  'verificationEmail',
  'personalDataExport',
] as const;
export type AccountRequest = (typeof ACCOUNT_REQUESTS)[number];

export type AccountRequestsState = Record<AccountRequest, RequestStatus>;

const initialState = Object.fromEntries(
  ACCOUNT_REQUESTS.map((request) => [request, IDLE_REQUEST]),
) as AccountRequestsState;

/** Each `…Requested` action marks its request pending; the saga settles it. */
export const accountRequestsSlice = createSlice({
  name: 'accountRequests',
  initialState,
  reducers: {
    passwordResetLinkRequested(state, _action: PayloadAction<{ email: string }>) {
      state.passwordResetLink = PENDING_REQUEST;
    },
    passwordResetRequested(
      state,
      _action: PayloadAction<{ token: string; password: string; confirmPassword: string }>,
    ) {
      state.passwordReset = PENDING_REQUEST;
    },
    profileUpdateRequested(state, _action: PayloadAction<{ first_name: string | null; last_name: string | null }>) {
      state.profileUpdate = PENDING_REQUEST;
    },
    passwordChangeRequested(
      state,
      _action: PayloadAction<{ currentPassword: string; newPassword: string; confirmPassword: string }>,
    ) {
      state.passwordChange = PENDING_REQUEST;
    },
    emailVerificationRequested(state, _action: PayloadAction<{ token: string }>) {
      state.emailVerification = PENDING_REQUEST;
    },
    verificationEmailRequested(state) {
      state.verificationEmail = PENDING_REQUEST;
    },
    personalDataExportRequested(state) {
      state.personalDataExport = PENDING_REQUEST;
    },
    requestSettled(
      state,
      action: PayloadAction<{ request: AccountRequest; status: 'succeeded' | 'failed'; message: string | null }>,
    ) {
      state[action.payload.request] = { status: action.payload.status, message: action.payload.message };
    },
    /** A form closed or a page left: its outcome is forgotten. */
    requestCleared(state, action: PayloadAction<AccountRequest>) {
      state[action.payload] = IDLE_REQUEST;
    },
  },
});

export const accountRequestsActions = accountRequestsSlice.actions;
