import { setImmediate as nextTurn } from 'node:timers/promises';
import type { FastifyInstance } from 'fastify';
import { HttpError } from './HttpError';

/** The answer of a request that ran past its deadline. */
export function deadlineMessage(deadlineMs: number): string {
  const seconds = Math.round(deadlineMs / 1000);
  return `Le serveur n’a pas pu répondre dans le délai de ${seconds} s. Réessayez avec une zone plus petite ou dans un instant.`;
}

/** Thrown by work that finds its request's deadline passed (the client already has its 503). */
export class DeadlineExceededError extends HttpError {
  constructor(deadlineMs: number) {
    super(503, 'DEADLINE_EXCEEDED', deadlineMessage(deadlineMs));
    this.name = 'DeadlineExceededError';
  }
}

/**
 * The time a request has left. Long synchronous work (encoding tens of thousands of rows) calls
 * {@link RequestDeadline.checkpoint} between slices: the event loop gets a turn, so the deadline's 503,
 * health checks and other requests are not held up, and the work stops once the deadline has passed.
 */
export class RequestDeadline {
  private readonly controller = new AbortController();

  constructor(
    readonly deadlineMs: number,
    readonly expiresAt = performance.now() + deadlineMs,
  ) {}

  /** Aborted when the deadline passes (or the client goes away). */
  get signal(): AbortSignal {
    return this.controller.signal;
  }

  get expired(): boolean {
    return this.controller.signal.aborted || performance.now() >= this.expiresAt;
  }

  expire(): void {
    this.controller.abort();
  }

  throwIfExpired(): void {
    if (this.expired) throw new DeadlineExceededError(this.deadlineMs);
  }

  /** Yields to the event loop once, then throws if the deadline has passed meanwhile. */
  async checkpoint(): Promise<void> {
    await nextTurn();
    this.throwIfExpired();
  }

  /** A deadline that never expires, for work done outside a request (exports, scripts, tests). */
  static none(): RequestDeadline {
    return new RequestDeadline(Number.POSITIVE_INFINITY);
  }
}

declare module 'fastify' {
  interface FastifyRequest {
    /** The time this request has left; long work checks it between slices. */
    deadline: RequestDeadline;
  }
}

/**
 * Every `/api` request gets a deadline: past it the client receives a 503 with a French message at
 * once and the request's {@link RequestDeadline} expires, so that work checking it stops. The
 * database's statement limit, set a little shorter, stops the queries themselves.
 */
export function installRequestDeadline(app: FastifyInstance, deadlineMs: number): void {
  app.decorateRequest('deadline', null as unknown as RequestDeadline);
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) {
      request.deadline = RequestDeadline.none();
      done();
      return;
    }
    const deadline = new RequestDeadline(deadlineMs);
    request.deadline = deadline;
    const timer = setTimeout(() => {
      deadline.expire();
      if (reply.sent || reply.raw.headersSent) return;
      void reply
        .status(503)
        .header('Retry-After', '5')
        .send({ detail: deadlineMessage(deadlineMs), code: 'DEADLINE_EXCEEDED' });
    }, deadlineMs);
    reply.raw.once('close', () => {
      clearTimeout(timer);
      deadline.expire();
    });
    done();
  });
}
