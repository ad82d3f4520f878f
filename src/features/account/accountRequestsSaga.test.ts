import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/ApiError';
import { createAppStore } from '../../app/store';
import { untilState as until } from '../../../tests/support/untilState';
import type { AuthApi, User } from './authApi';
import { accountRequestsActions } from './accountRequestsSlice';

const user = (firstName: string | null): User =>
  ({ id: 'u1', email: 'marie@example.test', firstName, lastName: null, isVerified: true }) as unknown as User;

/** The account calls the sagas make, answered in memory (the server's own rules are tested on the server). */
function accountCalls() {
  const calls: string[] = [];
  const api = {
    me: () => Promise.resolve(user('Marie')),
    requestPasswordReset: (email: string) => {
      calls.push(`reset-link ${email}`);
      return Promise.resolve('Si un compte existe, un lien a été envoyé.');
    },
    resetPassword: () =>
      Promise.reject(new ApiError('Lien de réinitialisation invalide ou expiré', 400, 'BAD_REQUEST')),
    updateProfile: (profile: { first_name: string | null }) => Promise.resolve(user(profile.first_name)),
    changePassword: () => Promise.resolve('Mot de passe modifié'),
    verifyEmail: (token: string) => {
      calls.push(`verify ${token}`);
      return Promise.resolve({});
    },
    resendVerification: () => Promise.resolve(),
  } as unknown as AuthApi;
  return { api, calls };
}

describe('accountRequestsSaga', () => {
  it('settles each form request with the server’s message, and a profile update refreshes the session', async () => {
    const { api, calls } = accountCalls();
    const store = createAppStore(undefined, { authApi: api });
    await until(store, (state) => state.auth.status === 'ready');

    store.dispatch(accountRequestsActions.passwordResetLinkRequested({ email: 'marie@example.test' }));
    expect(store.getState().accountRequests.passwordResetLink.status).not.toBe('idle');
    const sent = await until(store, (state) => state.accountRequests.passwordResetLink.status === 'succeeded');
    expect(sent.accountRequests.passwordResetLink.message).toBe('Si un compte existe, un lien a été envoyé.');
    expect(calls).toContain('reset-link marie@example.test');

    store.dispatch(accountRequestsActions.passwordResetRequested({ token: 't', password: 'x', confirmPassword: 'x' }));
    const refused = await until(store, (state) => state.accountRequests.passwordReset.status === 'failed');
    expect(refused.accountRequests.passwordReset.message).toBe('Lien de réinitialisation invalide ou expiré');

    store.dispatch(accountRequestsActions.profileUpdateRequested({ first_name: 'Léa', last_name: null }));
    const updated = await until(store, (state) => state.accountRequests.profileUpdate.status === 'succeeded');
    expect(updated.auth.user?.firstName).toBe('Léa');
    expect(updated.toasts.map((toast) => toast.title)).toContain('Profil mis à jour');

    store.dispatch(accountRequestsActions.requestCleared('profileUpdate'));
    expect(store.getState().accountRequests.profileUpdate).toEqual({ status: 'idle', message: null });
  });

  it('sends a verification token once, and gives its outcome again when the page asks again', async () => {
    const { api, calls } = accountCalls();
    const store = createAppStore(undefined, { authApi: api });
    store.dispatch(accountRequestsActions.emailVerificationRequested({ token: 'abc' }));
    store.dispatch(accountRequestsActions.requestCleared('emailVerification'));
    store.dispatch(accountRequestsActions.emailVerificationRequested({ token: 'abc' }));
    await until(store, (state) => state.accountRequests.emailVerification.status === 'succeeded');
    store.dispatch(accountRequestsActions.requestCleared('emailVerification'));
    store.dispatch(accountRequestsActions.emailVerificationRequested({ token: 'abc' }));
    expect(store.getState().accountRequests.emailVerification.status).toBe('succeeded');
    expect(calls.filter((call) => call.startsWith('verify'))).toEqual(['verify abc']);
  });
});
