import { randomUUID } from 'node:crypto';
import type { FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { RouteModule } from '../AppContext';
import { conflict, notFound } from '../http/HttpError';
import { parseInput } from '../http/parseInput';
import { documented } from '../openapi/documented';
import {
  apiKeyResponseSchema,
  subscriptionResponseSchema,
  tierResponseSchema,
  usageResponseSchema,
} from '../../kernel/subscription/subscriptionSchemas';
import { appUrlOf, requireSessionUser, requireUser } from '../account/accountRoutes';
import type { UserRow } from '../account/accountRepository';
import { hashSecret, randomSecret } from '../account/secretTokens';
import { LOCKED_DEMOGRAPHICS_TABS } from '../../kernel/subscription/demographicsAccess';
import {
  PLANS,
  TIER_LABELS,
  TIER_RIGHTS,
  upgradeRequired,
  usageMonth,
  type TierName,
} from '../../kernel/subscription/tiers';
import { countLiveApiKeys, insertApiKey, revokeApiKey, selectApiKeys } from './apiKeyRepository';
import { paymentProviderFor } from './paymentProviderFor';
import { selectUsage } from './subscriptionRepository';
import { limitReached } from './tierGate';

const MAX_API_KEYS = 10;
const toIso = (value: Date | string | null) => (value === null ? null : new Date(value).toISOString());

/** Spec §3 "Tier (payments)": name FREE/LIGHT/PRO, display name, monthly price, features. */
export function tierDescription(tier: TierName) {
  const rights = TIER_RIGHTS[tier];
  return {
    name: tier.toUpperCase(),
    display_name: TIER_LABELS[tier],
    price_monthly: PLANS.find((plan) => plan.tier === tier)?.monthlyPrice ?? 0,
    features: {
      api_access: rights.apiAccess,
      csv_export: rights.csvExport,
      pdf_export: rights.pdfExport,
      priority_support: rights.prioritySupport,
      education_tab: !upgradeRequired(tier, LOCKED_DEMOGRAPHICS_TABS['employment-education']),
      revenue_tab: !upgradeRequired(tier, LOCKED_DEMOGRAPHICS_TABS.revenue),
      activity_tab: !upgradeRequired(tier, LOCKED_DEMOGRAPHICS_TABS.unemployment),
    },
  };
}

const checkoutBody = z.object({
  tier: z
    .string('Offre requise')
    .trim()
    .toLowerCase()
    .pipe(z.enum(['light', 'pro'], 'Offre inconnue : « light » ou « pro »')),
});
const apiKeyBody = z.object({ name: z.string().trim().min(1, 'Nom requis').max(80, 'Au plus 80 caractères') });
const idParams = z.object({ id: z.uuid('Identifiant invalide') });

/**
 * Subscription and payments of the product: `/api/subscription/me`, `/api/payments/usage`,
 * `/api/payments/tier`, checkout and portal sessions through the payment provider, and the Pro
 * API keys (`/api/account/api-keys`).
 */
export const subscriptionRoutes: RouteModule = (app, context) => {
  const { database, config } = context;
  const clock = context.clock ?? (() => new Date());
  const provider = paymentProviderFor(context);
  const appUrl = (request: FastifyRequest) => appUrlOf(request, config.publicUrl);

  const usageOf = async (user: UserRow) => {
    const month = usageMonth(clock());
    const usage = await selectUsage(database, user.id, month);
    const rights = TIER_RIGHTS[user.tier];
    return {
      month,
      zones_used: usage.zones_created,
      zones_limit: rights.zonesPerMonth,
      exports_used: usage.exports,
      exports_limit: rights.exportsPerMonth,
      metrics_available: rights.indicators,
    };
  };

  app.get(
    '/subscription/me',
    documented({
      tag: 'subscription',
      summary: 'Offre, utilisation du mois et vérification de l’utilisateur',
      response: subscriptionResponseSchema,
    }),
    async (request) => {
      const user = requireUser(request);
      return {
        subscription: {
          tier: { name: user.tier, features: tierDescription(user.tier).features },
          status: user.subscription_status,
          provider: user.payment_provider,
          trial_ends_at: toIso(user.trial_ends_at),
          current_period_end: toIso(user.current_period_end),
          test_mode: provider.name === 'local',
        },
        usage: await usageOf(user),
        is_verified: user.is_verified,
      };
    },
  );

  app.get(
    '/payments/usage',
    documented({
      tag: 'subscription',
      summary: 'Utilisation du mois civil et limites de l’offre',
      response: usageResponseSchema,
    }),
    async (request) => usageOf(requireUser(request)),
  );
  app.get(
    '/payments/tier',
    documented({
      tag: 'subscription',
      summary: 'Offre de l’utilisateur et ses fonctionnalités',
      response: tierResponseSchema,
    }),
    async (request) => tierDescription(requireUser(request).tier),
  );

  app.post(
    '/payments/create-checkout-session',
    documented({
      tag: 'subscription',
      summary: 'Page de paiement d’une offre (essai de 14 jours)',
      body: checkoutBody,
      response: z.object({ checkout_url: z.string() }),
    }),
    async (request) => {
      const user = requireSessionUser(request);
      const { tier } = parseInput(checkoutBody, request.body, 'body');
      const base = appUrl(request);
      const url = await provider.createCheckout(user, tier, {
        appUrl: base,
        success: `${base}/subscription?checkout=success`,
        cancel: `${base}/pricing?checkout=cancel`,
      });
      return { checkout_url: url };
    },
  );

  app.post(
    '/payments/create-portal-session',
    documented({
      tag: 'subscription',
      summary: 'Page de gestion de l’abonnement',
      response: z.object({ portal_url: z.string() }),
    }),
    async (request) => {
      const user = requireSessionUser(request);
      if (user.tier === 'free' && !user.payment_subscription_id) throw conflict('Aucun abonnement à gérer');
      const base = appUrl(request);
      return { portal_url: await provider.createPortal(user, `${base}/subscription`, base) };
    },
  );

  const requirePro = (request: FastifyRequest) => {
    const user = requireSessionUser(request);
    if (!TIER_RIGHTS[user.tier].apiAccess) throw limitReached({ feature: 'api_access', tier: user.tier });
    return user;
  };
  const keyFromRow = (row: Awaited<ReturnType<typeof selectApiKeys>>[number]) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    created_at: toIso(row.created_at),
    last_used_at: toIso(row.last_used_at),
  });

  app.get(
    '/account/api-keys',
    documented({
      tag: 'subscription',
      summary: 'Clés d’API actives (offre Pro)',
      response: z.object({ api_keys: z.array(apiKeyResponseSchema) }),
    }),
    async (request) => {
      const user = requirePro(request);
      return { api_keys: (await selectApiKeys(database, user.id)).map(keyFromRow) };
    },
  );

  app.post(
    '/account/api-keys',
    documented({
      tag: 'subscription',
      summary: 'Créer une clé d’API (affichée une seule fois)',
      body: apiKeyBody,
      status: 201,
      response: apiKeyResponseSchema.extend({ key: z.string() }),
    }),
    async (request, reply) => {
      const user = requirePro(request);
      const { name } = parseInput(apiKeyBody, request.body, 'body');
      if ((await countLiveApiKeys(database, user.id)) >= MAX_API_KEYS) {
        throw conflict(`Au plus ${MAX_API_KEYS} clés actives : révoquez-en une d’abord`);
      }
      const key = `zk_${randomSecret()}`;
      const row = await insertApiKey(database, {
        id: randomUUID(),
        userId: user.id,
        name,
        prefix: key.slice(0, 10),
        keyHash: hashSecret(key),
      });
      // The key itself is shown once, now; only its hash is kept.
      return reply.status(201).send({ ...keyFromRow(row), key });
    },
  );

  app.delete(
    '/account/api-keys/:id',
    documented({
      tag: 'subscription',
      summary: 'Révoquer une clé d’API',
      params: idParams,
      status: 204,
      response: z.null(),
    }),
    async (request, reply) => {
      const user = requireSessionUser(request);
      const { id } = parseInput(idParams, request.params, 'params');
      if (!(await revokeApiKey(database, user.id, id))) throw notFound('Clé d’API introuvable');
      return reply.status(204).send();
    },
  );
};
