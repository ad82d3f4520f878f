import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { HttpError, conflict } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { documented } from '../openapi/documented';
import { requireSessionUser } from '../account/accountRoutes';
import { TRIAL_DAYS } from '../../kernel/subscription/tiers';
import { LocalTestPaymentProvider } from './LocalTestPaymentProvider';
import { paymentProviderFor } from './paymentProviderFor';
import { applySubscription } from './subscriptionRepository';
import { checkTestCard } from './testCardCheck';

const DAY_MS = 86_400_000;
const paidTier = z.enum(['light', 'pro'], 'Offre inconnue : « light » ou « pro »');
const checkoutBody = z.object({
  tier: paidTier,
  card_number: z.string('Numéro de carte requis').max(30),
  expiry: z.string('Date d’expiration requise').max(10),
  cvc: z.string('Cryptogramme requis').max(6),
});
const changeBody = z.object({ tier: paidTier });

/**
 * The local test provider's calls (only when it is the provider): pay the checkout with a Stripe test
 * card, change offer or cancel from the portal. Each changes the user's tier at once.
 */
export const localPaymentRoutes: RouteModule = (app, context) => {
  if (!(paymentProviderFor(context) instanceof LocalTestPaymentProvider)) return;
  const { database } = context;
  const clock = context.clock ?? (() => new Date());

  app.post(
    '/payments/test/checkout',
    documented({
      tag: 'subscription',
      summary: 'Mode test : payer avec une carte de test Stripe',
      body: checkoutBody,
      response: z.object({ redirect_url: z.string(), tier: z.enum(['light', 'pro']) }),
    }),
    async (request) => {
      const user = requireSessionUser(request);
      const body = parseInput(checkoutBody, request.body, 'body');
      const now = clock();
      const outcome = checkTestCard({ number: body.card_number, expiry: body.expiry, cvc: body.cvc }, now);
      if (!outcome.ok) {
        throw new HttpError(
          outcome.status,
          outcome.status === 402 ? 'CARD_DECLINED' : 'VALIDATION_ERROR',
          outcome.message,
          {
            field: outcome.field,
          },
        );
      }
      const trialEnd = new Date(now.getTime() + TRIAL_DAYS * DAY_MS);
      await applySubscription(database, user.id, {
        tier: body.tier,
        status: 'trialing',
        provider: 'local',
        customerId: `local_cus_${user.id}`,
        subscriptionId: `local_sub_${randomUUID()}`,
        trialEndsAt: trialEnd,
        currentPeriodEnd: trialEnd,
      });
      return { redirect_url: '/subscription?checkout=success', tier: body.tier };
    },
  );

  app.post(
    '/payments/test/portal/change',
    documented({
      tag: 'subscription',
      summary: 'Mode test : changer d’offre',
      body: changeBody,
      response: z.object({ tier: z.enum(['light', 'pro']) }),
    }),
    async (request) => {
      const user = requireSessionUser(request);
      const { tier } = parseInput(changeBody, request.body, 'body');
      if (!user.payment_subscription_id) throw conflict('Aucun abonnement en cours : choisissez une offre');
      await applySubscription(database, user.id, {
        tier,
        status: user.subscription_status,
        provider: 'local',
        subscriptionId: user.payment_subscription_id,
        trialEndsAt: user.trial_ends_at ? new Date(user.trial_ends_at) : null,
        currentPeriodEnd: user.current_period_end ? new Date(user.current_period_end) : null,
      });
      return { tier };
    },
  );

  app.post(
    '/payments/test/portal/cancel',
    documented({
      tag: 'subscription',
      summary: 'Mode test : résilier (retour à l’offre Gratuit)',
      response: z.object({ tier: z.literal('free') }),
    }),
    async (request) => {
      const user = requireSessionUser(request);
      if (!user.payment_subscription_id) throw conflict('Aucun abonnement en cours');
      await applySubscription(database, user.id, { tier: 'free', status: 'canceled', provider: 'local' });
      return { tier: 'free' };
    },
  );
};
