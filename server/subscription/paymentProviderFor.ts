import type { AppContext } from '../AppContext';
import { LocalTestPaymentProvider } from './LocalTestPaymentProvider';
import type { PaymentProvider } from './PaymentProvider';
import { StripePaymentProvider } from './StripePaymentProvider';

const providers = new WeakMap<AppContext, PaymentProvider>();

/** The context's provider: the one given, else Stripe with `STRIPE_SECRET_KEY`, else the local test one. */
export function paymentProviderFor(context: AppContext): PaymentProvider {
  if (context.paymentProvider) return context.paymentProvider;
  let provider = providers.get(context);
  if (!provider) {
    provider = context.config.stripe
      ? new StripePaymentProvider(context.config.stripe, context.database)
      : new LocalTestPaymentProvider();
    providers.set(context, provider);
  }
  return provider;
}
