import type { PaymentProvider } from './PaymentProvider';

/**
 * The default provider: no outside service. Its checkout and portal are pages of the app marked
 * "mode test" (`/payments/test-checkout`, `/payments/test-portal`) that accept Stripe's test cards;
 * their calls (`/api/payments/test/*`) change the user's tier directly.
 */
export class LocalTestPaymentProvider implements PaymentProvider {
  readonly name = 'local' as const;

  createCheckout(_user: unknown, tier: 'light' | 'pro', urls: { appUrl: string }): Promise<string> {
    return Promise.resolve(`${urls.appUrl}/payments/test-checkout?tier=${tier}`);
  }

  createPortal(_user: unknown, _returnUrl: string, appUrl: string): Promise<string> {
    return Promise.resolve(`${appUrl}/payments/test-portal`);
  }

  /** Nothing is held outside: the account's own row says the subscription is over. */
  cancelSubscription(): Promise<void> {
    return Promise.resolve();
  }
}

/** Stripe's test cards the local checkout knows, and what each does. */
export const TEST_CARDS: Record<string, 'success' | { declined: string }> = {
  '4242424242424242': 'success',
  '5555555555554444': 'success',
  '4000000000000002': { declined: 'Votre carte a été refusée.' },
  '4000000000009995': { declined: 'Votre carte a été refusée : fonds insuffisants.' },
  '4000000000000069': { declined: 'Votre carte a expiré.' },
};
