import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import { registerVerified, startAccountTestKit, type AccountTestKit } from '../../tests/support/accountTestKit';

const WEBHOOK_SECRET = 'whsec_zonalyse_test_secret';

/** A fake of the Stripe HTTP API (outside our control): records each call, answers like Stripe. */
function fakeStripe() {
  const calls: { method: string; path: string; body: URLSearchParams }[] = [];
  const server = createServer((request, response) => {
    let raw = '';
    request.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    request.on('end', () => {
      const path = (request.url ?? '').split('?')[0] ?? '';
      calls.push({ method: request.method ?? '', path, body: new URLSearchParams(raw) });
      const send = (status: number, body: object) => {
        response.writeHead(status, { 'content-type': 'application/json', 'request-id': 'req_test' });
        response.end(JSON.stringify(body));
      };
      if (request.method === 'POST' && path === '/v1/customers')
        return send(200, { id: 'cus_test_1', object: 'customer' });
      if (request.method === 'POST' && path === '/v1/checkout/sessions') {
        return send(200, {
          id: 'cs_test_1',
          object: 'checkout.session',
          url: 'https://checkout.stripe.com/c/pay/cs_test_1',
        });
      }
      if (request.method === 'POST' && path === '/v1/billing_portal/sessions') {
        return send(200, {
          id: 'bps_test_1',
          object: 'billing_portal.session',
          url: 'https://billing.stripe.com/p/session/test_1',
        });
      }
      if (request.method === 'DELETE' && path.startsWith('/v1/subscriptions/')) {
        return send(200, { id: path.split('/').pop(), object: 'subscription', status: 'canceled' });
      }
      return send(404, { error: { type: 'invalid_request_error', message: `Unrecognized request URL (${path})` } });
    });
  });
  return { server, calls };
}

function subscriptionEvent(id: string, type: string, userId: string, status: string, price: string) {
  return {
    id,
    object: 'event',
    type,
    api_version: '2025-01-01',
    created: 1_764_000_000,
    data: {
      object: {
        id: 'sub_test_1',
        object: 'subscription',
        customer: 'cus_test_1',
        status,
        metadata: { user_id: userId, tier: 'light' },
        trial_end: 1_765_000_000,
        items: { object: 'list', data: [{ id: 'si_1', price: { id: price }, current_period_end: 1_765_000_000 }] },
      },
    },
  };
}

describe.each(testDatabaseKinds())('Stripe provider against a fake Stripe on %s', (kind) => {
  let database: Database;
  let kit: AccountTestKit;
  const stripe = fakeStripe();
  const signer = new Stripe('sk_test_signer');

  const webhook = (payload: string, signature: string) =>
    kit.app.inject({
      method: 'POST',
      url: '/api/payments/webhook',
      payload,
      headers: { 'content-type': 'application/json', 'stripe-signature': signature },
    });
  const signed = (event: object) => {
    const payload = JSON.stringify(event);
    return webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET }));
  };
  const tierOf = async (email: string) =>
    (await database.query<{ tier: string }>('SELECT tier FROM users WHERE email = $1', [email])).rows[0]?.tier;

  beforeAll(async () => {
    await new Promise<void>((resolve) => stripe.server.listen(0, '127.0.0.1', resolve));
    const port = (stripe.server.address() as AddressInfo).port;
    database = await openEmptyDatabase(kind);
    kit = await startAccountTestKit(
      database,
      {},
      {
        STRIPE_SECRET_KEY: 'sk_test_zonalyse',
        STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
        STRIPE_PRICE_LIGHT: 'price_light',
        STRIPE_PRICE_PRO: 'price_pro',
        STRIPE_API_URL: `http://127.0.0.1:${port}`,
      },
    );
  });
  afterAll(async () => {
    await kit.close();
    await database.close();
    await new Promise<void>((resolve) => stripe.server.close(() => resolve()));
  });

  it('opens Checkout with a 14-day trial, moves the tier from signed events once, and cancels on deletion', async () => {
    const email = `stripe-${kind}@exemple.fr`;
    const cookie = await registerVerified(kit, email);
    const userId =
      (await database.query<{ id: string }>('SELECT id FROM users WHERE email = $1', [email])).rows[0]?.id ?? '';

    const checkout = await kit.app.inject({
      method: 'POST',
      url: '/api/payments/create-checkout-session',
      headers: { cookie },
      payload: { tier: 'light' },
    });
    expect(checkout.statusCode, checkout.body).toBe(200);
    expect(checkout.json().checkout_url).toBe('https://checkout.stripe.com/c/pay/cs_test_1');
    const session = stripe.calls.find((call) => call.path === '/v1/checkout/sessions');
    expect(session?.body.get('mode')).toBe('subscription');
    expect(session?.body.get('customer')).toBe('cus_test_1');
    expect(session?.body.get('line_items[0][price]')).toBe('price_light');
    expect(session?.body.get('subscription_data[trial_period_days]')).toBe('14');
    expect(session?.body.get('subscription_data[metadata][user_id]')).toBe(userId);
    expect(session?.body.get('success_url')).toBe('http://localhost:80/subscription?checkout=success');

    const created = subscriptionEvent(
      'evt_created',
      'customer.subscription.created',
      userId,
      'trialing',
      'price_light',
    );
    const payload = JSON.stringify(created);
    const forged = await webhook(payload, signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_autre' }));
    expect(forged.statusCode).toBe(400);
    expect(forged.json().detail).toBe('Signature du webhook Stripe invalide');
    expect(await tierOf(email)).toBe('free');

    expect((await signed(created)).json()).toEqual({
      received: true,
      type: 'customer.subscription.created',
      duplicate: false,
    });
    expect(await tierOf(email)).toBe('light');
    const me = (await kit.app.inject({ url: '/api/subscription/me', headers: { cookie } })).json();
    expect(me.subscription).toMatchObject({ status: 'trialing', provider: 'stripe', test_mode: false });

    expect(
      (
        await signed(
          subscriptionEvent('evt_deleted', 'customer.subscription.deleted', userId, 'canceled', 'price_light'),
        )
      ).statusCode,
    ).toBe(200);
    expect(await tierOf(email)).toBe('free');
    // The same event delivered again changes nothing.
    expect((await signed(created)).json().duplicate).toBe(true);
    expect(await tierOf(email)).toBe('free');

    await signed(subscriptionEvent('evt_upgraded', 'customer.subscription.updated', userId, 'active', 'price_pro'));
    expect(await tierOf(email)).toBe('pro');
    const portal = await kit.app.inject({
      method: 'POST',
      url: '/api/payments/create-portal-session',
      headers: { cookie },
    });
    expect(portal.json().portal_url).toBe('https://billing.stripe.com/p/session/test_1');
    expect(stripe.calls.find((call) => call.path === '/v1/billing_portal/sessions')?.body.get('customer')).toBe(
      'cus_test_1',
    );

    expect((await kit.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie } })).statusCode).toBe(
      204,
    );
    expect(stripe.calls.some((call) => call.method === 'DELETE' && call.path === '/v1/subscriptions/sub_test_1')).toBe(
      true,
    );
  });
});
