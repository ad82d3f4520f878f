import type { TierName } from '../../../kernel/subscription/tiers';
import { accountsCall, isMissingRoute } from '../account/accountsUnavailable';
import { ApiError } from '../../api/ApiError';
import { apiClient, type HttpClient } from '../../api/httpClient';

/** Usage of the current month (`null` limit = unlimited). */
export interface SubscriptionUsage {
  zonesUsed: number;
  zonesLimit: number | null;
  exportsUsed: number;
  exportsLimit: number | null;
  metricsAvailable: number | null;
}

export interface Subscription {
  tier: TierName;
  features: Record<string, boolean>;
  usage: SubscriptionUsage;
  isVerified: boolean;
}

const TIERS: readonly TierName[] = ['free', 'light', 'pro'];
const numberOr = (value: unknown, fallback: number | null) =>
  typeof value === 'number' && Number.isFinite(value) ? value : fallback;

/** Reads GET /api/subscription/me (subscription, usage, is_verified). */
export function subscriptionFromServer(body: unknown): Subscription {
  const record = (body ?? {}) as Record<string, unknown>;
  const subscription = (record.subscription ?? record) as Record<string, unknown>;
  const tierRecord = (subscription.tier ?? {}) as Record<string, unknown> | string;
  const rawName = typeof tierRecord === 'string' ? tierRecord : tierRecord.name;
  const name = typeof rawName === 'string' ? rawName.toLowerCase() : '';
  if (!TIERS.includes(name as TierName)) throw new ApiError('Offre inconnue dans la réponse', 500, 'INVALID_TIER');
  const usage = (record.usage ?? subscription.usage ?? {}) as Record<string, unknown>;
  const features = typeof tierRecord === 'object' ? tierRecord.features : undefined;
  return {
    tier: name as TierName,
    features: features && typeof features === 'object' ? (features as Record<string, boolean>) : {},
    usage: {
      zonesUsed: numberOr(usage.zones_used, 0) ?? 0,
      zonesLimit: numberOr(usage.zones_limit, null),
      exportsUsed: numberOr(usage.exports_used, 0) ?? 0,
      exportsLimit: numberOr(usage.exports_limit, null),
      metricsAvailable: numberOr(usage.metrics_available, null),
    },
    isVerified: record.is_verified === true,
  };
}

export function createSubscriptionApi(client: HttpClient = apiClient) {
  return {
    /** The user's subscription; null when anonymous (401) or when the server has no accounts yet. */
    async mine(): Promise<Subscription | null> {
      try {
        return subscriptionFromServer(await client.get('/subscription/me', { credentials: true, retries: 0 }));
      } catch (error) {
        if ((error instanceof ApiError && error.status === 401) || isMissingRoute(error)) return null;
        throw error;
      }
    },
    /** The card payment page for `tier`. */
    createCheckoutSession: (tier: TierName) =>
      accountsCall(async () => {
        const body = await client.post<{ checkout_url?: unknown }>(
          '/payments/create-checkout-session',
          { tier },
          { credentials: true, retries: 0 },
        );
        if (typeof body?.checkout_url !== 'string') throw new ApiError('Réponse du serveur invalide', 500, 'INVALID');
        return body.checkout_url;
      }),
    /** The subscription management page. */
    createPortalSession: () =>
      accountsCall(async () => {
        const body = await client.post<{ portal_url?: unknown }>('/payments/create-portal-session', undefined, {
          credentials: true,
          retries: 0,
        });
        if (typeof body?.portal_url !== 'string') throw new ApiError('Réponse du serveur invalide', 500, 'INVALID');
        return body.portal_url;
      }),
    /** Local test provider: pays the checkout with a Stripe test card (no real payment). */
    payTestCheckout: (payment: { tier: 'light' | 'pro'; card_number: string; expiry: string; cvc: string }) =>
      accountsCall(async () => {
        await client.post('/payments/test/checkout', payment, { credentials: true, retries: 0 });
      }),
    /** Local test provider's portal: another paid offer. */
    changeTestPlan: (tier: 'light' | 'pro') =>
      accountsCall(async () => {
        await client.post('/payments/test/portal/change', { tier }, { credentials: true, retries: 0 });
      }),
    /** Local test provider's portal: cancel, back to Free at once. */
    cancelTestSubscription: () =>
      accountsCall(async () => {
        await client.post('/payments/test/portal/cancel', undefined, { credentials: true, retries: 0 });
      }),
  };
}

export type SubscriptionApi = ReturnType<typeof createSubscriptionApi>;

export const subscriptionApi: SubscriptionApi = createSubscriptionApi();
