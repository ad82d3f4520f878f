import type { RegistrationPayload } from '../../../kernel/account/accountValidation';
import { accountsCall, isMissingRoute } from './accountsUnavailable';
import { ApiError } from '../../api/ApiError';
import { apiClient, type HttpClient } from '../../api/httpClient';

/** The user in the app's form. */
export interface User {
  id: string;
  email: string;
  firstName: string | null;
  lastName: string | null;
  isVerified: boolean;
}

/** The user as the server sends it. */
interface ServerUser {
  id: string | number;
  email: string;
  first_name?: string | null;
  last_name?: string | null;
  is_verified?: boolean;
}

export function userFromServer(body: unknown): User {
  const record = (body && typeof body === 'object' && 'user' in body ? (body as { user: unknown }).user : body) as
    Partial<ServerUser> | undefined;
  if (!record || typeof record.email !== 'string')
    throw new ApiError('Réponse du serveur invalide', 500, 'INVALID_USER');
  return {
    id: String(record.id ?? record.email),
    email: record.email,
    firstName: record.first_name ?? null,
    lastName: record.last_name ?? null,
    isVerified: record.is_verified === true,
  };
}

/** What the registration answers: where the confirmation link went. */
export interface RegistrationAccepted {
  email: string;
  detail: string;
}

const detailOf = (body: unknown) =>
  body && typeof body === 'object' && typeof (body as { detail?: unknown }).detail === 'string'
    ? (body as { detail: string }).detail
    : '';

/** Auth calls (cookies + JSON, no retry: a login is not repeated behind the user's back). */
export function createAuthApi(client: HttpClient = apiClient) {
  const options = { credentials: true, retries: 0 } as const;
  return {
    /** The signed-in user, or null when nobody is (401) or the server has no accounts yet. */
    async me(): Promise<User | null> {
      try {
        return userFromServer(await client.get('/auth/me', options));
      } catch (error) {
        if ((error instanceof ApiError && error.status === 401) || isMissingRoute(error)) return null;
        throw error;
      }
    },
    login: (email: string, password: string) =>
      accountsCall(async () => userFromServer(await client.post('/auth/login', { email, password }, options))),
    /** The server answers the same for a new or a known address: the account opens from the mailed link. */
    register: (payload: RegistrationPayload) =>
      accountsCall(async (): Promise<RegistrationAccepted> => {
        const body = await client.post<{ detail?: unknown; email?: unknown }>('/auth/register', payload, options);
        return {
          email: typeof body?.email === 'string' ? body.email : payload.email,
          detail: typeof body?.detail === 'string' ? body.detail : 'Vérifiez votre boîte mail.',
        };
      }),
    requestPasswordReset: (email: string) =>
      accountsCall(async () => detailOf(await client.post('/auth/password-reset-request', { email }, options))),
    resetPassword: (token: string, newPassword: string, confirmPassword: string) =>
      accountsCall(async () =>
        detailOf(
          await client.post(
            '/auth/password-reset',
            { token, new_password: newPassword, confirm_password: confirmPassword },
            options,
          ),
        ),
      ),
    updateProfile: (profile: { first_name: string | null; last_name: string | null }) =>
      accountsCall(async () => userFromServer(await client.put('/auth/profile', profile, options))),
    changePassword: (currentPassword: string, newPassword: string, confirmPassword: string) =>
      accountsCall(async () =>
        detailOf(
          await client.post(
            '/auth/change-password',
            { current_password: currentPassword, new_password: newPassword, confirm_password: confirmPassword },
            options,
          ),
        ),
      ),
    /** 'Exporter mes données': everything the server holds about the signed-in user. */
    exportData: () => accountsCall(() => client.get<unknown>('/auth/export', options)),
    logout: () =>
      accountsCall(async () => {
        await client.post('/auth/logout', undefined, options);
      }),
    resendVerification: () =>
      accountsCall(async () => {
        await client.post('/auth/resend-verification', undefined, options);
      }),
    verifyEmail: (token: string) =>
      accountsCall(() => client.post<unknown>('/auth/verify-email', undefined, { ...options, params: { token } })),
    deleteAccount: () =>
      accountsCall(async () => {
        await client.delete('/auth/account', options);
      }),
  };
}

export type AuthApi = ReturnType<typeof createAuthApi>;

export const authApi: AuthApi = createAuthApi();
