import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isDatabaseTimeout, isDatabaseUnavailable, isStatementTooComplex } from '../db/DatabaseTimeoutError';
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

/** The French message of one of Fastify's own 4xx errors (its messages are English). */
function frenchDetail(error: FastifyError, bodyLimit: number): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'corps « body » : JSON invalide';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'corps « body » : vide alors que l’en-tête content-type annonce du JSON';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return `corps « body » : trop volumineux (limite ${bodyLimit >= 1024 * 1024 ? `${Math.round(bodyLimit / 1024 / 1024)} Mo` : `${Math.round(bodyLimit / 1024)} ko`})`;
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'en-tête « content-type » : type de contenu non pris en charge (application/json attendu)';
    case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
      return 'en-tête « content-length » : ne correspond pas à la taille du corps';
    default:
      // A prototype-poisoning key (`__proto__`, `constructor.prototype`) is refused by the JSON parser.
      if (/prototype/i.test(error.message)) return 'corps « body » : clé interdite (__proto__ ou constructor)';
      return error.code?.startsWith('FST_') ? `requête invalide (${error.statusCode ?? 400})` : error.message;
  }
}

/**
 * Answers the errors Fastify raises before routing, in French: a malformed address (400) and a path
 * parameter longer than the router accepts (414).
 */
export function frameworkErrors(error: FastifyError, _request: FastifyRequest, reply: FastifyReply): void {
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
    void reply.status(414).send({
      detail: 'chemin « paramètre » : trop long (au plus 100 caractères)',
      code: 'URI_TOO_LONG',
    } satisfies ErrorBody);
    return;
  }
  void reply.status(400).send({
    detail: 'chemin « url » : adresse mal formée (encodage en pourcentage invalide)',
    code: 'BAD_REQUEST',
  } satisfies ErrorBody);
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
    if (isDatabaseUnavailable(error)) {
      request.log.warn({ err: error }, 'base de données indisponible');
      return reply
        .status(503)
        .header('Retry-After', '5')
        .send({
          detail: 'Base de données momentanément indisponible : réessayez dans quelques secondes',
          code: 'DATABASE_UNAVAILABLE',
        } satisfies ErrorBody);
    }
    if (isStatementTooComplex(error)) {
      return reply.status(422).send({
        detail: 'Requête trop complexe : une valeur envoyée est imbriquée trop profondément pour être traitée',
        code: 'STATEMENT_TOO_COMPLEX',
      } satisfies ErrorBody);
    }
    if (error instanceof HttpError) {
      const body: ErrorBody = { ...error.extra, detail: error.detail, code: error.code };
      return reply.status(error.statusCode).send(body);
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.status(status).send({
        detail: frenchDetail(error, request.routeOptions.bodyLimit),
        code: STATUS_CODES[status] ?? 'BAD_REQUEST',
      } satisfies ErrorBody);
    }
    request.log.error({ err: error }, 'unexpected error');
    return reply.status(500).send({ detail: 'Erreur interne du serveur', code: 'INTERNAL_ERROR' } satisfies ErrorBody);
  });
}
