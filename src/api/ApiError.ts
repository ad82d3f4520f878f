/** Error types of raised by the HTTP client. */
export type ApiErrorCode = 'NETWORK_ERROR' | 'TIMEOUT_ERROR' | 'VALIDATION_ERROR' | 'ABORTED' | (string & {});

/** An API failure: message, HTTP status (0 for the network), code and the server's details. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: ApiErrorCode,
    readonly details?: unknown,
  ) {
    super(message);
    this.name = 'ApiError';
  }

  static network(message: string): ApiError {
    return new ApiError(message, 0, 'NETWORK_ERROR');
  }

  static timeout(): ApiError {
    return new ApiError('Request timed out', 408, 'TIMEOUT_ERROR');
  }

  static aborted(): ApiError {
    return new ApiError('Requête annulée', 0, 'ABORTED');
  }

  /** True when retrying cannot help: the request or the user is wrong, or the caller aborted. */
  get isFinal(): boolean {
    if (this.code === 'ABORTED') return true;
    if (this.status === 0 || this.status === 408 || this.status === 429) return false;
    return this.status >= 400 && this.status < 500;
  }
}

/** Wraps any failure under a domain code (IRIS_LOAD_ERROR, SIRENE_SEARCH_ERROR…) keeping its status. */
export function wrapApiError(error: unknown, code: ApiErrorCode, message?: string): ApiError {
  if (error instanceof ApiError)
    return new ApiError(message ?? error.message, error.status, code, error.details ?? error);
  return new ApiError(message ?? (error instanceof Error ? error.message : String(error)), 500, code, error);
}
