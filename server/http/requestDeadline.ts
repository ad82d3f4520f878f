import type { FastifyInstance } from 'fastify';

/** The answer of a request that ran past its deadline. */
export function deadlineMessage(deadlineMs: number): string {
  const seconds = Math.round(deadlineMs / 1000);
  return `Le serveur n’a pas pu répondre dans le délai de ${seconds} s. Réessayez avec une zone plus petite ou dans un instant.`;
}

/**
 * Every `/api` request gets a deadline: past it the client receives a 503 with a French message at
 * once. The database's statement limit, set a little shorter, stops the work itself.
 */
export function installRequestDeadline(app: FastifyInstance, deadlineMs: number): void {
  app.addHook('onRequest', (request, reply, done) => {
    if (!request.url.startsWith('/api/')) {
      done();
      return;
    }
    const timer = setTimeout(() => {
      if (reply.sent || reply.raw.headersSent) return;
      void reply
        .status(503)
        .header('Retry-After', '5')
        .send({ detail: deadlineMessage(deadlineMs), code: 'DEADLINE_EXCEEDED' });
    }, deadlineMs);
    reply.raw.once('close', () => clearTimeout(timer));
    done();
  });
}
