import { ApiError } from '../../api/ApiError';

/** Code of the error raised when the server has no accounts routes yet (its fallback 404). */
export const ACCOUNTS_UNAVAILABLE = 'ACCOUNTS_UNAVAILABLE';
export const ACCOUNTS_UNAVAILABLE_MESSAGE = 'Les comptes utilisateurs ne sont pas encore disponibles sur ce serveur.';

/** True for the server's "no such route" answer (as opposed to a 404 the route itself gives). */
export function isMissingRoute(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404 && error.message.startsWith('Route introuvable');
}

/** Runs an accounts/subscription/payments call, turning "no such route" into a readable French error. */
export async function accountsCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isMissingRoute(error)) throw new ApiError(ACCOUNTS_UNAVAILABLE_MESSAGE, 404, ACCOUNTS_UNAVAILABLE, error);
    throw error;
  }
}
