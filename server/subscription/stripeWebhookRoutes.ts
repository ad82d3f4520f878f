import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { documented } from '../openapi/documented';
import { paymentProviderFor } from './paymentProviderFor';
import { StripePaymentProvider } from './StripePaymentProvider';

/** Bound on a webhook body (Stripe's events are a few kB). */
const MAX_WEBHOOK_BYTES = 512 * 1024;

/**
 * `POST /api/payments/webhook` (Stripe only): the raw body is kept for the signature check; a forged
 * signature is a 400 and changes nothing; a replayed event is acknowledged and applied once only.
 */
export const stripeWebhookRoutes: RouteModule = async (app, context) => {
  const provider = paymentProviderFor(context);
  if (!(provider instanceof StripePaymentProvider)) return;
  await app.register(async (scope) => {
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser('*', { parseAs: 'buffer', bodyLimit: MAX_WEBHOOK_BYTES }, (_request, body, done) =>
      done(null, body),
    );
    scope.post(
      '/payments/webhook',
      documented({
        tag: 'subscription',
        summary: 'Webhook Stripe (signature vérifiée, chaque événement appliqué une fois)',
        response: z.object({ received: z.literal(true), type: z.string(), duplicate: z.boolean() }),
      }),
      async (request) => {
        const signature = request.headers['stripe-signature'];
        return provider.handleWebhook(
          Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0),
          typeof signature === 'string' ? signature : undefined,
        );
      },
    );
  });
};
