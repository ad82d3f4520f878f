import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import { registerVerified, startAccountTestKit, type AccountTestKit } from '../../tests/support/accountTestKit';
import { LIMIT_REACHED_MESSAGE } from '../../kernel/subscription/tiers';

const zoneBody = (id: string) => ({
  id,
  name: `Zone ${id}`,
  address: '10 Rue de Rivoli 75004 Paris',
  coordinates: [2.355, 48.855],
  transportMode: 'walking',
  travelTime: 15,
  zoneType: 'time',
  zoneDistance: 1000,
  departureTime: null,
  geometry: {
    type: 'Feature',
    geometry: {
      type: 'Polygon',
      coordinates: [
        [
          [2.35, 48.85],
          [2.36, 48.85],
          [2.36, 48.86],
          [2.35, 48.86],
          [2.35, 48.85],
        ],
      ],
    },
    properties: {},
  },
  properties: {},
});

describe.each(testDatabaseKinds())('tiers, quotas and the local test payments on %s', (kind) => {
  let database: Database;
  let kit: AccountTestKit;
  let counter = 0;
  const newEmail = (label: string) => `${label}-${kind}-${(counter += 1)}@exemple.fr`;
  const call = (method: 'GET' | 'POST' | 'DELETE', url: string, cookie: string, payload?: object) =>
    kit.app.inject({ method, url, headers: { cookie }, ...(payload ? { payload } : {}) });

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    kit = await startAccountTestKit(database);
  });
  afterAll(async () => {
    await kit.close();
    await database.close();
  });

  it('answers 401 to an anonymous visitor', async () => {
    for (const url of ['/api/subscription/me', '/api/payments/usage', '/api/payments/tier']) {
      expect((await kit.app.inject(url)).statusCode, url).toBe(401);
    }
  });

  it('holds Free to 3 zones a month, upgrades through the test checkout, and cancels back to Free', async () => {
    const cookie = await registerVerified(kit, newEmail('gratuit'));
    const me = await call('GET', '/api/subscription/me', cookie);
    expect(me.json()).toMatchObject({
      subscription: { tier: { name: 'free', features: { csv_export: false, education_tab: false } }, test_mode: true },
      usage: { zones_used: 0, zones_limit: 3, exports_used: 0, exports_limit: 0, metrics_available: 10 },
      is_verified: true,
    });
    expect((await call('GET', '/api/payments/tier', cookie)).json()).toEqual({
      name: 'FREE',
      display_name: 'Gratuit',
      price_monthly: 0,
      features: expect.objectContaining({
        api_access: false,
        csv_export: false,
        pdf_export: false,
        priority_support: false,
      }),
    });

    for (const id of ['a', 'b', 'c'])
      expect((await call('POST', '/api/user-zones', cookie, zoneBody(id))).statusCode).toBe(201);
    // Saving a zone again (same id) is not a new zone.
    expect((await call('POST', '/api/user-zones', cookie, zoneBody('a'))).statusCode).toBe(201);
    const refused = await call('POST', '/api/user-zones', cookie, zoneBody('d'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ detail: LIMIT_REACHED_MESSAGE, code: 'ZONE_LIMIT_REACHED', limit: 3 });
    // Deleting a zone does not give the month's creation back.
    await call('DELETE', '/api/user-zones/c', cookie);
    expect((await call('POST', '/api/user-zones', cookie, zoneBody('d'))).statusCode).toBe(403);
    expect((await call('GET', '/api/payments/usage', cookie)).json()).toMatchObject({ zones_used: 3, zones_limit: 3 });

    const checkout = await call('POST', '/api/payments/create-checkout-session', cookie, { tier: 'LIGHT' });
    expect(checkout.statusCode).toBe(200);
    expect(checkout.json().checkout_url).toBe('http://localhost:80/payments/test-checkout?tier=light');

    const declined = await call('POST', '/api/payments/test/checkout', cookie, {
      tier: 'light',
      card_number: '4000 0000 0000 0002',
      expiry: '12/40',
      cvc: '123',
    });
    expect(declined.statusCode).toBe(402);
    expect(declined.json().detail).toBe('Votre carte a été refusée.');
    expect((await call('GET', '/api/payments/tier', cookie)).json().name).toBe('FREE');

    const paid = await call('POST', '/api/payments/test/checkout', cookie, {
      tier: 'light',
      card_number: '4242 4242 4242 4242',
      expiry: '12/40',
      cvc: '123',
    });
    expect(paid.statusCode, paid.body).toBe(200);
    const light = (await call('GET', '/api/subscription/me', cookie)).json();
    expect(light).toMatchObject({
      subscription: {
        tier: { name: 'light', features: { csv_export: true, education_tab: true, revenue_tab: false } },
        status: 'trialing',
      },
      usage: { zones_used: 3, zones_limit: 50, exports_limit: 50, metrics_available: 50 },
    });
    expect(new Date(light.subscription.trial_ends_at).getTime() - kit.clock.now.getTime()).toBe(14 * 86_400_000);
    expect((await call('POST', '/api/user-zones', cookie, zoneBody('d'))).statusCode).toBe(201);

    const portal = await call('POST', '/api/payments/create-portal-session', cookie);
    expect(portal.json().portal_url).toBe('http://localhost:80/payments/test-portal');
    expect((await call('POST', '/api/payments/test/portal/change', cookie, { tier: 'pro' })).statusCode).toBe(200);
    expect((await call('GET', '/api/payments/usage', cookie)).json()).toMatchObject({
      zones_limit: null,
      exports_limit: null,
      metrics_available: 108,
    });
    expect((await call('POST', '/api/payments/test/portal/cancel', cookie)).statusCode).toBe(200);
    expect((await call('GET', '/api/payments/tier', cookie)).json().name).toBe('FREE');
    expect((await call('POST', '/api/user-zones', cookie, zoneBody('e'))).statusCode).toBe(403);
  });

  it('counts usage per calendar month', async () => {
    kit.clock.now = new Date('2026-11-28T12:00:00Z');
    const cookie = await registerVerified(kit, newEmail('mois'));
    for (const id of ['a', 'b', 'c']) await call('POST', '/api/user-zones', cookie, zoneBody(id));
    expect((await call('POST', '/api/user-zones', cookie, zoneBody('d'))).statusCode).toBe(403);
    kit.clock.advance(4 * 86_400_000);
    expect((await call('GET', '/api/payments/usage', cookie)).json()).toMatchObject({ zones_used: 0 });
    expect((await call('POST', '/api/user-zones', cookie, zoneBody('d'))).statusCode).toBe(201);
  });

  it('refuses bad checkout input and the Pro API keys to other tiers; keys authenticate the API and can be revoked', async () => {
    const cookie = await registerVerified(kit, newEmail('pro'));
    const badTier = await call('POST', '/api/payments/create-checkout-session', cookie, { tier: 'gold' });
    expect(badTier.statusCode).toBe(400);
    expect(badTier.json().detail).toContain('« tier »');
    const badCard = await call('POST', '/api/payments/test/checkout', cookie, {
      tier: 'pro',
      card_number: '1234',
      expiry: '12/40',
      cvc: '1',
    });
    expect(badCard.statusCode).toBe(400);
    expect(badCard.json().detail).toBe('Numéro de carte invalide');
    expect((await call('GET', '/api/account/api-keys', cookie)).json().detail).toBe(LIMIT_REACHED_MESSAGE);

    await call('POST', '/api/payments/test/checkout', cookie, {
      tier: 'pro',
      card_number: '4242424242424242',
      expiry: '01/39',
      cvc: '123',
    });
    const created = await call('POST', '/api/account/api-keys', cookie, { name: 'Tableau de bord' });
    expect(created.statusCode).toBe(201);
    const { key, id } = created.json();
    expect(key).toMatch(/^zk_[A-Za-z0-9_-]{43}$/);
    const listed = (await call('GET', '/api/account/api-keys', cookie)).json().api_keys;
    expect(listed).toHaveLength(1);
    expect(JSON.stringify(listed)).not.toContain(key);

    const byKey = await kit.app.inject({ url: '/api/payments/usage', headers: { authorization: `Bearer ${key}` } });
    expect(byKey.statusCode).toBe(200);
    expect(byKey.json().zones_limit).toBeNull();
    // A key does not open the account calls.
    expect(
      (await kit.app.inject({ url: '/api/auth/me', headers: { authorization: `Bearer ${key}` } })).statusCode,
    ).toBe(401);

    expect((await call('DELETE', `/api/account/api-keys/${id}`, cookie)).statusCode).toBe(204);
    const revoked = await kit.app.inject({ url: '/api/payments/usage', headers: { authorization: `Bearer ${key}` } });
    expect(revoked.statusCode).toBe(401);
  });
});
