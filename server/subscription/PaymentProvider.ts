import type { UserRow } from '../account/accountRepository';

export type PaidTier = 'light' | 'pro';

/** Where the provider's pages send the user back to. */
export interface ReturnUrls {
  /** Address of the app (`https://zonalyse.example`), for the provider's own links. */
  appUrl: string;
  success: string;
  cancel: string;
}

/**
 * A card payment provider: Stripe when `STRIPE_SECRET_KEY` is set, else the local test provider
 * whose checkout and portal pages are part of the app ("mode test").
 */
export interface PaymentProvider {
  readonly name: 'local' | 'stripe';
  /** The address of the checkout page for `tier` (14-day trial). */
  createCheckout(user: UserRow, tier: PaidTier, urls: ReturnUrls): Promise<string>;
  /** The address of the subscription management page. */
  createPortal(user: UserRow, returnUrl: string, appUrl: string): Promise<string>;
  /** Ends the user's subscription now (account deletion). */
  cancelSubscription(user: UserRow): Promise<void>;
}
