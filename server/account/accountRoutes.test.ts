import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../db/Database';
import { openEmptyDatabase, testDatabaseKinds } from '../../tests/support/testDatabase';
import {
  cookieFrom,
  linkIn,
  registerVerified,
  startAccountTestKit,
  type AccountTestKit,
} from '../../tests/support/accountTestKit';
import { PASSWORDS_DIFFER, PASSWORD_TOO_SHORT } from '../../kernel/account/accountValidation';
import { INVALID_CREDENTIALS, INVALID_LINK, REGISTRATION_ACCEPTED, RESET_REQUEST_ACCEPTED } from './AccountService';

const SESSION = 'zonalyse_session';
const square = {
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
};
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
  geometry: square,
  properties: {},
});

describe.each(testDatabaseKinds())('accounts (/api/auth/*) on %s', (kind) => {
  let database: Database;
  let kit: AccountTestKit;
  let counter = 0;
  const newEmail = (label: string) => `${label}-${kind}-${(counter += 1)}@exemple.fr`;
  const post = (url: string, payload?: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    kit.app.inject({
      method: 'POST',
      url,
      ...(payload === undefined ? {} : { payload: payload as object }),
      headers: { ...(cookie ? { cookie } : {}), ...headers },
    });
  const me = (cookie: string) => kit.app.inject({ url: '/api/auth/me', headers: { cookie } });

  beforeAll(async () => {
    database = await openEmptyDatabase(kind);
    kit = await startAccountTestKit(database);
  });
  afterAll(async () => {
    await kit.close();
    await database.close();
  });

  it('refuses bad registrations with a French message naming the field', async () => {
    const cases = [
      [{ email: 'pas-une-adresse', password: 'secret12' }, 'email', 'Adresse e-mail invalide'],
      [{ email: newEmail('court'), password: '12345' }, 'password', PASSWORD_TOO_SHORT],
      [
        { email: newEmail('confirm'), password: '123456', confirm_password: '123465' },
        'confirm_password',
        PASSWORDS_DIFFER,
      ],
      [{ email: newEmail('long'), password: 'x'.repeat(1025) }, 'password', 'au plus 1024'],
    ] as const;
    for (const [payload, field, message] of cases) {
      const response = await post('/api/auth/register', payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(400);
      expect(response.json().detail).toContain(`« ${field} »`);
      expect(response.json().detail).toContain(message);
    }
  });

  it('registers without telling whether the address exists, and verifies by the mailed link', async () => {
    const email = newEmail('marie');
    const passphrase = 'une longue phrase de passe avec des espaces et des accents éàü '.repeat(3);
    const first = await post('/api/auth/register', {
      email: email.toUpperCase(),
      password: passphrase,
      first_name: 'Marie',
    });
    expect(first.statusCode).toBe(202);
    expect(first.json()).toEqual({ detail: REGISTRATION_ACCEPTED, email, verification_required: true });
    expect(cookieFrom(first.headers['set-cookie'], SESSION)).toBeUndefined();

    const again = await post('/api/auth/register', { email, password: 'autre mot de passe' });
    expect(again.statusCode).toBe(202);
    expect(again.json()).toEqual(first.json());
    const warning = await kit.catcher.waitFor(email, (mail) => mail.subject.includes('existe déjà'));
    expect(warning.text).toContain('/reset-password');

    const mail = await kit.catcher.waitFor(email, (candidate) => candidate.subject.startsWith('Confirmez'));
    const link = linkIn(mail, '/verify-email');
    expect(link.origin).toBe('http://localhost');
    const token = link.searchParams.get('token') ?? '';
    expect(token.length).toBeGreaterThanOrEqual(40);
    const stored = await database.query<{ token_hash: string }>('SELECT token_hash FROM user_tokens');
    expect(stored.rows.map((row) => row.token_hash)).not.toContain(token);

    const verified = await post(`/api/auth/verify-email?token=${token}`);
    expect(verified.statusCode, verified.body).toBe(200);
    expect(verified.json().user).toMatchObject({ email, first_name: 'Marie', is_verified: true });
    const setCookie = String(verified.headers['set-cookie']);
    expect(setCookie).toContain('HttpOnly');
    expect(setCookie).toContain('SameSite=Lax');
    const cookie = cookieFrom(verified.headers['set-cookie'], SESSION) ?? '';
    expect((await me(cookie)).json()).toMatchObject({ email, is_verified: true });

    const reused = await post(`/api/auth/verify-email?token=${token}`);
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe(INVALID_LINK);

    const login = await post('/api/auth/login', { email, password: passphrase });
    expect(login.statusCode).toBe(200);
  });

  it('refuses an expired verification link', async () => {
    const email = newEmail('tardif');
    await post('/api/auth/register', { email, password: 'secret12' });
    const mail = await kit.catcher.waitFor(email, (candidate) => candidate.subject.startsWith('Confirmez'));
    kit.clock.advance(25 * 3_600_000);
    const response = await post(
      `/api/auth/verify-email?token=${linkIn(mail, '/verify-email').searchParams.get('token')}`,
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().detail).toBe(INVALID_LINK);
  });

  it('logs in with one message for a wrong password or an unknown address, rotates the session, logs out', async () => {
    const email = newEmail('paul');
    const cookie = await registerVerified(kit, email, 'secret12');
    const wrong = await post('/api/auth/login', { email, password: 'mauvais' });
    const unknown = await post('/api/auth/login', { email: newEmail('personne'), password: 'mauvais' });
    expect([wrong.statusCode, unknown.statusCode]).toEqual([401, 401]);
    expect(wrong.json().detail).toBe(INVALID_CREDENTIALS);
    expect(unknown.json().detail).toBe(INVALID_CREDENTIALS);

    const login = await post('/api/auth/login', { email, password: 'secret12' }, cookie);
    expect(login.statusCode).toBe(200);
    expect(login.json()).toMatchObject({ email, is_verified: true });
    const rotated = cookieFrom(login.headers['set-cookie'], SESSION) ?? '';
    expect(rotated).not.toBe(cookie);
    expect((await me(cookie)).statusCode).toBe(401);
    expect((await me(rotated)).statusCode).toBe(200);

    expect((await post('/api/auth/logout', undefined, rotated)).statusCode).toBe(204);
    expect((await me(rotated)).statusCode).toBe(401);
  });

  it('slows down repeated failed logins with a 429 in French', async () => {
    const email = newEmail('force-brute');
    await registerVerified(kit, email, 'secret12');
    for (let attempt = 0; attempt < 6; attempt += 1) {
      expect((await post('/api/auth/login', { email, password: `essai-${attempt}` })).statusCode).toBe(401);
    }
    const blocked = await post('/api/auth/login', { email, password: 'secret12' });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().detail).toMatch(/^Trop de tentatives\. Réessayez dans \d+ secondes\.$/);
    kit.clock.advance(2_000);
    expect((await post('/api/auth/login', { email, password: 'secret12' })).statusCode).toBe(200);
  });

  it('refuses a cookie-authenticated write from another site (CSRF)', async () => {
    const cookie = await registerVerified(kit, newEmail('csrf'));
    const forged = await kit.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { first_name: 'Pirate' },
      headers: { cookie, origin: 'https://malveillant.example', host: 'localhost:80' },
    });
    expect(forged.statusCode).toBe(403);
    const sameSite = await kit.app.inject({
      method: 'PUT',
      url: '/api/auth/profile',
      payload: { first_name: 'Jeanne', last_name: 'Martin' },
      headers: { cookie, origin: 'http://localhost:80', host: 'localhost:80' },
    });
    expect(sameSite.statusCode).toBe(200);
    expect(sameSite.json()).toMatchObject({ first_name: 'Jeanne', last_name: 'Martin' });
  });

  it('resets a forgotten password by a single-use link and ends every session', async () => {
    const email = newEmail('oubli');
    const cookie = await registerVerified(kit, email, 'ancien-secret');
    const unknown = await post('/api/auth/password-reset-request', { email: newEmail('inconnu') });
    const known = await post('/api/auth/password-reset-request', { email });
    expect([unknown.statusCode, known.statusCode]).toEqual([202, 202]);
    expect(unknown.json()).toEqual({ detail: RESET_REQUEST_ACCEPTED });
    expect(known.json()).toEqual(unknown.json());

    const mail = await kit.catcher.waitFor(email, (candidate) => candidate.subject.startsWith('Réinitialisation'));
    const token = linkIn(mail, '/reset-password').searchParams.get('token') ?? '';
    const mismatch = await post('/api/auth/password-reset', {
      token,
      new_password: 'nouveau-secret',
      confirm_password: 'autre',
    });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json().detail).toContain(PASSWORDS_DIFFER);
    const short = await post('/api/auth/password-reset', { token, new_password: '123' });
    expect(short.json().detail).toContain(PASSWORD_TOO_SHORT);

    expect((await post('/api/auth/password-reset', { token, new_password: 'nouveau-secret' })).statusCode).toBe(200);
    expect((await me(cookie)).statusCode).toBe(401);
    const reused = await post('/api/auth/password-reset', { token, new_password: 'encore-un-autre' });
    expect(reused.statusCode).toBe(400);
    expect(reused.json().detail).toBe(INVALID_LINK);
    expect((await post('/api/auth/login', { email, password: 'ancien-secret' })).statusCode).toBe(401);
    expect((await post('/api/auth/login', { email, password: 'nouveau-secret' })).statusCode).toBe(200);

    const expiredRequest = await post('/api/auth/password-reset-request', { email });
    expect(expiredRequest.statusCode).toBe(202);
    const second = await kit.catcher.waitFor(
      email,
      (candidate) => candidate.subject.startsWith('Réinitialisation') && !candidate.text.includes(token),
    );
    kit.clock.advance(61 * 60_000);
    const expired = await post('/api/auth/password-reset', {
      token: linkIn(second, '/reset-password').searchParams.get('token'),
      new_password: 'trop-tard-123',
    });
    expect(expired.statusCode).toBe(400);
  });

  it('changes the password after checking the current one, ending the other sessions', async () => {
    const email = newEmail('change');
    const first = await registerVerified(kit, email, 'secret-initial');
    const other =
      cookieFrom(
        (await post('/api/auth/login', { email, password: 'secret-initial' })).headers['set-cookie'],
        SESSION,
      ) ?? '';
    const wrong = await post(
      '/api/auth/change-password',
      { current_password: 'faux', new_password: 'secret-suivant' },
      first,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().detail).toBe('Mot de passe actuel incorrect');
    const changed = await post(
      '/api/auth/change-password',
      { current_password: 'secret-initial', new_password: 'secret-suivant' },
      first,
    );
    expect(changed.statusCode).toBe(200);
    const current = cookieFrom(changed.headers['set-cookie'], SESSION) ?? '';
    expect((await me(other)).statusCode).toBe(401);
    expect((await me(first)).statusCode).toBe(401);
    expect((await me(current)).statusCode).toBe(200);
  });

  it('hands the anonymous zone to the account at sign-in; keeps zones apart; deletes everything with the account', async () => {
    const email = newEmail('zones');
    const cookie = await registerVerified(kit, email, 'secret12');
    const anonymous = await post('/api/user-zones', zoneBody('visiteur'));
    expect(anonymous.statusCode).toBe(201);
    const anonymousCookie = cookieFrom(anonymous.headers['set-cookie'], 'anonymous_zone_id') ?? '';
    const login = await post('/api/auth/login', { email, password: 'secret12' }, `${anonymousCookie}; ${cookie}`);
    const session = cookieFrom(login.headers['set-cookie'], SESSION) ?? '';
    const zones = await kit.app.inject({ url: '/api/user-zones', headers: { cookie: session } });
    expect(zones.json().map((zone: { id: string }) => zone.id)).toEqual(['visiteur']);

    const intruder = await registerVerified(kit, newEmail('intrus'));
    const stolen = await kit.app.inject({
      method: 'DELETE',
      url: '/api/user-zones/visiteur',
      headers: { cookie: intruder },
    });
    expect(stolen.statusCode).toBe(404);
    expect((await kit.app.inject({ url: '/api/user-zones', headers: { cookie: intruder } })).json()).toEqual([]);

    const exported = await kit.app.inject({ url: '/api/auth/export', headers: { cookie: session } });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-disposition']).toContain('zonalyse-mes-donnees-');
    const data = exported.json();
    expect(data.account).toMatchObject({ email, tier: 'free' });
    expect(data.account.password_hash).toBeUndefined();
    expect(data.zones.map((zone: { id: string }) => zone.id)).toEqual(['visiteur']);
    expect(data.sessions.length).toBeGreaterThan(0);

    expect(
      (await kit.app.inject({ method: 'DELETE', url: '/api/auth/account', headers: { cookie: session } })).statusCode,
    ).toBe(204);
    expect((await me(session)).statusCode).toBe(401);
    const left = await database.query<{ count: number }>(
      `SELECT (SELECT count(*) FROM users WHERE email = $1)::int + (SELECT count(*) FROM user_zones WHERE id = 'visiteur')::int AS count`,
      [email],
    );
    expect(left.rows[0]?.count).toBe(0);
    expect((await post('/api/auth/login', { email, password: 'secret12' })).statusCode).toBe(401);
  });

  it('needs a session for the account calls', async () => {
    for (const [method, url] of [
      ['GET', '/api/auth/me'],
      ['POST', '/api/auth/resend-verification'],
      ['PUT', '/api/auth/profile'],
      ['POST', '/api/auth/change-password'],
      ['DELETE', '/api/auth/account'],
      ['GET', '/api/auth/export'],
    ] as const) {
      const response = await kit.app.inject({ method, url, payload: {} });
      expect(response.statusCode, url).toBe(401);
    }
    const forged = await me(`${SESSION}=${'a'.repeat(43)}`);
    expect(forged.statusCode).toBe(401);
  });
});
