import type { FastifyError, FastifyInstance } from 'fastify';
import { isDatabaseTimeout } from '../db/DatabaseTimeoutError';
import { HttpError } from './HttpError';
import { deadlineMessage } from './requestDeadline';

const STATUS_CODES: Record<number, string> = {
  400: 'VALIDATION_ERROR',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  408: 'TIMEOUT_ERROR',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  422: 'UNPROCESSABLE',
  429: 'RATE_LIMITED',
};

/** The body of every failed API answer. */
export interface ErrorBody {
  detail: string;
  code: string;
  [key: string]: unknown;
}

/**
 * Gives every failure the `{detail, code}` body with its status. Unexpected errors answer 500
 * without their message or stack, which go to the log only.
 */
export function installErrorHandler(app: FastifyInstance, deadlineMs: number): void {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (reply.sent) return;
    if (isDatabaseTimeout(error)) {
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({ detail: deadlineMessage(deadlineMs), code: 'DEADLINE_EXCEEDED' } satisfies ErrorBody);
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { ...error.extra, detail: error.detail, code: error.code };
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      const detail =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? `corps « body » : JSON invalide (${error.message})`
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? `corps « body » : trop volumineux (limite ${Math.round(request.routeOptions.bodyLimit / 1024 / 1024)} Mo)`
            : error.message;
      return reply.status(status).send({ detail, code: STATUS_CODES[status] ?? 'BAD_REQUEST' } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: 'Erreur interne du serveur', code: 'INTERNAL_ERROR' } satisfies ErrorBody);
  });
}
