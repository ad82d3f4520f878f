/** Machine-readable error codes of the `{detail, code}` error body. */
export type ErrorCode =
  | 'VALIDATION_ERROR'
  | 'UNAUTHORIZED'
  | 'FORBIDDEN'
  | 'NOT_FOUND'
  | 'TIMEOUT_ERROR'
  | 'CONFLICT'
  | 'UNPROCESSABLE'
  | 'RATE_LIMITED'
  | 'SERVICE_UNAVAILABLE'
  | 'INTERNAL_ERROR'
  | (string & {});

/** An error with the HTTP status and the `{detail, code}` body the client receives. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
    this.name = 'HttpError';
  }
}

export const badRequest = (detail: string, extra?: Record<string, unknown>) =>
  new HttpError(400, 'VALIDATION_ERROR', detail, extra);
export const unauthorized = (detail = 'Authentification requise') => new HttpError(401, 'UNAUTHORIZED', detail);
export const forbidden = (detail = 'Accès refusé') => new HttpError(403, 'FORBIDDEN', detail);
export const notFound = (detail = 'Ressource introuvable') => new HttpError(404, 'NOT_FOUND', detail);
export const requestTimeout = (detail = 'Request timed out') => new HttpError(408, 'TIMEOUT_ERROR', detail);
export const conflict = (detail: string) => new HttpError(409, 'CONFLICT', detail);
export const unprocessable = (detail: string, code: ErrorCode = 'UNPROCESSABLE') => new HttpError(422, code, detail);
export const tooManyRequests = (detail = 'Trop de requêtes, réessayez dans un instant') =>
  new HttpError(429, 'RATE_LIMITED', detail);
export const serviceUnavailable = (detail: string) => new HttpError(503, 'SERVICE_UNAVAILABLE', detail);
