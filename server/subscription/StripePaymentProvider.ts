import Stripe from 'stripe';
import type { StripeConfig } from '../config';
import type { Database } from '../db/Database';
import { HttpError, badRequest, conflict, serviceUnavailable } from '../http/HttpError';
import type { UserRow } from '../account/accountRepository';
import { TRIAL_DAYS, type TierName } from '../../kernel/subscription/tiers';
import type { PaidTier, PaymentProvider, ReturnUrls } from './PaymentProvider';
import {
  applySubscription,
  recordPaymentEvent,
  selectUserByPaymentCustomer,
  setPaidSubscriptionStatus,
  setPaymentCustomer,
} from './subscriptionRepository';
import { selectUserById } from '../account/accountRepository';

/** Stripe subscription states that keep the paid tier (a failed renewal is retried by Stripe). */
const LIVE_STATUSES = new Set(['active', 'trialing', 'past_due']);

const fromUnix = (seconds: number | null | undefined) => (seconds ? new Date(seconds * 1000) : null);
const idOf = (value: string | { id: string } | null | undefined) =>
  typeof value === 'string' ? value : (value?.id ?? null);

/** The result of one webhook delivery. */
export interface WebhookOutcome {
  received: true;
  type: string;
  duplicate: boolean;
}

/**
 * Stripe: Checkout (subscription mode, 14-day trial), Customer Portal, and the webhook that moves
 * the user's tier — signature verified, each event applied once.
 */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  private readonly stripe: Stripe;

  constructor(
    private readonly config: StripeConfig,
    private readonly database: Database,
  ) {
    const api = config.apiUrl ? new URL(config.apiUrl) : undefined;
    this.stripe = new Stripe(config.secretKey, {
      maxNetworkRetries: 1,
      timeout: 15_000,
      telemetry: false,
      ...(api
        ? {
            host: api.hostname,
            port: api.port || (api.protocol === 'https:' ? 443 : 80),
            protocol: api.protocol === 'https:' ? 'https' : 'http',
          }
        : {}),
    });
  }

  private priceOf(tier: PaidTier): string {
    const price = this.config.prices[tier];
    if (!price)
      throw serviceUnavailable(`Paiement indisponible : STRIPE_PRICE_${tier.toUpperCase()} n’est pas configuré`);
    return price;
  }

  private tierOfPrice(price: string | undefined): PaidTier | undefined {
    if (price && price === this.config.prices.light) return 'light';
    if (price && price === this.config.prices.pro) return 'pro';
    return undefined;
  }

  private async call<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof HttpError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new HttpError(502, 'PAYMENT_PROVIDER_ERROR', `Erreur du prestataire de paiement : ${message}`);
    }
  }

  private async customerOf(user: UserRow): Promise<string> {
    if (user.payment_customer_id && user.payment_provider !== 'local') return user.payment_customer_id;
    const customer = await this.stripe.customers.create({ email: user.email, metadata: { user_id: user.id } });
    await setPaymentCustomer(this.database, user.id, customer.id);
    return customer.id;
  }

  createCheckout(user: UserRow, tier: PaidTier, urls: ReturnUrls): Promise<string> {
    return this.call(async () => {
      const price = this.priceOf(tier);
      const customer = await this.customerOf(user);
      const session = await this.stripe.checkout.sessions.create({
        mode: 'subscription',
        customer,
        client_reference_id: user.id,
        line_items: [{ price, quantity: 1 }],
        subscription_data: { trial_period_days: TRIAL_DAYS, metadata: { user_id: user.id, tier } },
        metadata: { user_id: user.id, tier },
        locale: 'fr',
        success_url: urls.success,
        cancel_url: urls.cancel,
      });
      if (!session.url) throw new Error('session sans adresse');
      return session.url;
    });
  }

  createPortal(user: UserRow, returnUrl: string): Promise<string> {
    return this.call(async () => {
      if (!user.payment_customer_id || user.payment_provider === 'local') throw conflict('Aucun abonnement à gérer');
      const session = await this.stripe.billingPortal.sessions.create({
        customer: user.payment_customer_id,
        return_url: returnUrl,
        locale: 'fr',
      });
      return session.url;
    });
  }

  async cancelSubscription(user: UserRow): Promise<void> {
    if (!user.payment_subscription_id || user.payment_provider !== 'stripe') return;
    await this.call(() => this.stripe.subscriptions.cancel(user.payment_subscription_id as string));
  }

  /** Verifies the signature (400 when forged or stale), then applies the event once. */
  async handleWebhook(rawBody: Buffer, signature: string | undefined): Promise<WebhookOutcome> {
    if (!this.config.webhookSecret) throw serviceUnavailable('Webhook Stripe non configuré (STRIPE_WEBHOOK_SECRET)');
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(rawBody, signature ?? '', this.config.webhookSecret);
    } catch {
      throw badRequest('Signature du webhook Stripe invalide', { field: 'stripe-signature' });
    }
    // Looked up before the transaction: PGlite has one connection, a query beside it would wait for it.
    const userId = await this.userOfEvent(event);
    const applied = await this.database.transaction(async (transaction) => {
      const first = await recordPaymentEvent(transaction, {
        provider: 'stripe',
        id: event.id,
        type: event.type,
        userId: userId ?? null,
      });
      if (!first || !userId) return first;
      await this.apply(transaction, event, userId);
      return true;
    });
    return { received: true, type: event.type, duplicate: !applied };
  }

  private async userOfEvent(event: Stripe.Event): Promise<string | undefined> {
    const object = event.data.object as unknown as {
      metadata?: Record<string, string> | null;
      client_reference_id?: string | null;
      customer?: string | { id: string } | null;
    };
    const direct = object.metadata?.user_id ?? object.client_reference_id ?? undefined;
    if (direct && (await selectUserById(this.database, direct))) return direct;
    const customer = idOf(object.customer);
    return customer ? (await selectUserByPaymentCustomer(this.database, customer))?.id : undefined;
  }

  private async apply(
    transaction: Parameters<Parameters<Database['transaction']>[0]>[0],
    event: Stripe.Event,
    userId: string,
  ) {
    switch (event.type) {
      case 'checkout.session.completed': {
        const session = event.data.object;
        const customer = idOf(session.customer);
        if (customer) await setPaymentCustomer(transaction, userId, customer);
        return;
      }
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted': {
        const subscription = event.data.object;
        const item = subscription.items.data[0];
        const paid = this.tierOfPrice(item?.price.id) ?? (subscription.metadata.tier as PaidTier | undefined);
        const live = event.type !== 'customer.subscription.deleted' && LIVE_STATUSES.has(subscription.status) && !!paid;
        const tier: TierName = live && paid ? paid : 'free';
        await applySubscription(transaction, userId, {
          tier,
          status: event.type === 'customer.subscription.deleted' ? 'canceled' : subscription.status,
          provider: 'stripe',
          customerId: idOf(subscription.customer),
          subscriptionId: live ? subscription.id : null,
          trialEndsAt: live ? fromUnix(subscription.trial_end) : null,
          currentPeriodEnd: live ? fromUnix(item?.current_period_end) : null,
        });
        return;
      }
      case 'invoice.paid':
      case 'invoice.payment_failed': {
        await setPaidSubscriptionStatus(transaction, userId, event.type === 'invoice.paid' ? 'active' : 'past_due');
        return;
      }
      default:
        return;
    }
  }
}
