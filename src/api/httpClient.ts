import { ApiError } from './ApiError';
import { buildQueryString, type QueryValue } from './buildQueryString';

/** Default timeout 30 s, 3 retries, 1 s delay doubling. */
export const DEFAULT_TIMEOUT_MS = 30_000;
export const DEFAULT_RETRIES = 3;
export const DEFAULT_RETRY_DELAY_MS = 1_000;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  params?: Record<string, QueryValue>;
  body?: unknown;
  timeoutMs?: number;
  /** Retries after the first attempt (default 3). */
  retries?: number;
  retryDelayMs?: number;
  /** `linear` waits delay × attempt, `exponential` (default) doubles it each time. */
  backoff?: 'exponential' | 'linear';
  signal?: AbortSignal;
  /** Send cookies (auth, zones). */
  credentials?: boolean;
  /** Keep the raw `Response` body as an ArrayBuffer (Arrow, tiles). */
  responseType?: 'json' | 'arrayBuffer' | 'text';
  headers?: Record<string, string>;
}

export interface HttpClientOptions {
  baseUrl?: string;
  fetch?: typeof fetch;
  sleep?: (milliseconds: number, signal?: AbortSignal) => Promise<void>;
}

const defaultSleep = (milliseconds: number, signal?: AbortSignal) =>
  new Promise<void>((resolve, reject) => {
    if (signal?.aborted) return reject(ApiError.aborted());
    const timer = setTimeout(resolve, milliseconds);
    signal?.addEventListener(
      'abort',
      () => {
        clearTimeout(timer);
        reject(ApiError.aborted());
      },
      { once: true },
    );
  });

function errorFromBody(status: number, statusText: string, body: unknown): ApiError {
  const record = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const detail = record.detail;
  const detailText =
    typeof detail === 'string'
      ? detail
      : detail && typeof detail === 'object' && typeof (detail as { message?: unknown }).message === 'string'
        ? (detail as { message: string }).message
        : undefined;
  const message = detailText ?? (typeof record.message === 'string' ? record.message : `HTTP ${status}: ${statusText}`);
  const code = typeof record.code === 'string' ? record.code : status === 400 ? 'VALIDATION_ERROR' : `HTTP_${status}`;
  return new ApiError(message, status, status === 400 ? 'VALIDATION_ERROR' : code, body);
}

/**
 * Responses with a `data` field are unwrapped to it — so an endpoint that needs to return
 * other fields beside a list must not name the list `data`.
 */
function unwrap(body: unknown): unknown {
  if (body && typeof body === 'object' && !Array.isArray(body) && 'data' in body) {
    return (body as { data: unknown }).data;
  }
  return body;
}

/**
 * The data API client of JSON, timeout, retries with back-off (never on a validation error,
 * 401, 403, another 4xx or an abort), `data` unwrapped, the error types.
 */
export class HttpClient {
  private readonly baseUrl: string;
  private readonly fetchImplementation: typeof fetch;
  private readonly sleep: NonNullable<HttpClientOptions['sleep']>;

  constructor(options: HttpClientOptions = {}) {
    this.baseUrl = options.baseUrl ?? '';
    this.fetchImplementation = options.fetch ?? ((...args) => fetch(...args));
    this.sleep = options.sleep ?? defaultSleep;
  }

  get<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'GET' });
  }

  post<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'POST', body });
  }

  put<T>(path: string, body?: unknown, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'PUT', body });
  }

  delete<T>(path: string, options: Omit<RequestOptions, 'method' | 'body'> = {}): Promise<T> {
    return this.request<T>(path, { ...options, method: 'DELETE' });
  }

  async request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const retries = options.retries ?? DEFAULT_RETRIES;
    const delay = options.retryDelayMs ?? DEFAULT_RETRY_DELAY_MS;
    for (let attempt = 0; ; attempt += 1) {
      try {
        return await this.attempt<T>(path, options);
      } catch (error) {
        const apiError = error instanceof ApiError ? error : ApiError.network(String(error));
        if (apiError.isFinal || attempt >= retries || options.signal?.aborted) throw apiError;
        const wait = options.backoff === 'linear' ? delay * (attempt + 1) : delay * 2 ** attempt;
        await this.sleep(wait, options.signal);
      }
    }
  }

  private async attempt<T>(path: string, options: RequestOptions): Promise<T> {
    if (options.signal?.aborted) throw ApiError.aborted();
    const controller = new AbortController();
    let timedOut = false;
    const timer = setTimeout(() => {
      timedOut = true;
      controller.abort();
    }, options.timeoutMs ?? DEFAULT_TIMEOUT_MS);
    const onAbort = () => controller.abort();
    options.signal?.addEventListener('abort', onAbort, { once: true });
    try {
      const hasBody = options.body !== undefined;
      let response: Response;
      try {
        response = await this.fetchImplementation(`${this.baseUrl}${path}${buildQueryString(options.params)}`, {
          method: options.method ?? 'GET',
          headers: {
            Accept: options.responseType === 'arrayBuffer' ? '*/*' : 'application/json',
            ...(hasBody ? { 'Content-Type': 'application/json' } : {}),
            ...options.headers,
          },
          ...(hasBody ? { body: JSON.stringify(options.body) } : {}),
          credentials: options.credentials ? 'include' : 'same-origin',
          signal: controller.signal,
        });
      } catch (error) {
        if (timedOut) throw ApiError.timeout();
        if (options.signal?.aborted) throw ApiError.aborted();
        throw ApiError.network(error instanceof Error ? error.message : String(error));
      }
      if (!response.ok) {
        const text = await response.text().catch(() => '');
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {
          // not JSON: keep the text
        }
        throw errorFromBody(response.status, response.statusText, body);
      }
      if (options.responseType === 'arrayBuffer') return (await response.arrayBuffer()) as T;
      if (options.responseType === 'text') return (await response.text()) as T;
      if (response.status === 204) return undefined as T;
      const text = await response.text();
      return unwrap(text ? JSON.parse(text) : undefined) as T;
    } catch (error) {
      if (timedOut && !(error instanceof ApiError && error.code === 'TIMEOUT_ERROR')) throw ApiError.timeout();
      throw error;
    } finally {
      clearTimeout(timer);
      options.signal?.removeEventListener('abort', onAbort);
    }
  }
}

/** The application's client for `/api`. */
export const apiClient = new HttpClient({ baseUrl: '/api' });
