import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNTS_UNAVAILABLE_MESSAGE } from './accountsUnavailable';
import { createAuthApi } from './authApi';
import { HttpClient } from '../../api/httpClient';
import { createSubscriptionApi } from '../subscription/subscriptionApi';
import { createAppStore, type AppStore } from '../../app/store';
import { selectAccessLevel } from '../subscription/subscriptionSlice';
import { authActions } from './authSlice';
import { untilState as until } from '../../../tests/support/untilState';

type Route = (body: string, request: IncomingMessage, response: ServerResponse) => void;

/** A real HTTP server standing in for the accounts API (not built yet): each test scripts its answers. */
const routes = new Map<string, Route>();
const received: { route: string; body: string }[] = [];
let server: Server;
let origin: string;

beforeAll(async () => {
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const route = `${request.method} ${(request.url ?? '').split('?')[0]}`;
      received.push({ route, body });
      const handler = routes.get(route);
      if (handler) return handler(body, request, response);
      response.statusCode = 404;
      response.setHeader('Content-Type', 'application/json');
      response.end(JSON.stringify({ detail: `Route introuvable : ${route}`, code: 'NOT_FOUND' }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
beforeEach(() => {
  routes.clear();
  received.length = 0;
});

const json =
  (status: number, body?: unknown): Route =>
  (_body, _request, response) => {
    response.statusCode = status;
    response.setHeader('Content-Type', 'application/json');
    response.end(body === undefined ? '' : JSON.stringify(body));
  };

function storeOnFakeServer(): AppStore {
  const client = new HttpClient({ baseUrl: `${origin}/api`, sleep: () => Promise.resolve() });
  return createAppStore(undefined, { authApi: createAuthApi(client), subscriptionApi: createSubscriptionApi(client) });
}


const serverUser = { id: 7, email: 'marie@exemple.fr', first_name: 'Marie', last_name: null, is_verified: false };

describe('auth saga', () => {
  it('starts anonymous when /auth/me answers 401, then logs in and loads the subscription', async () => {
    routes.set('GET /api/auth/me', json(401, { detail: 'Non authentifié', code: 'UNAUTHORIZED' }));
    routes.set('POST /api/auth/login', json(200, serverUser));
    routes.set(
      'GET /api/subscription/me',
      json(200, {
        subscription: { tier: { name: 'light', features: { csv_export: true } } },
        usage: { zones_used: 36, zones_limit: 50, exports_used: 2, exports_limit: 20, metrics_available: 50 },
        is_verified: false,
      }),
    );
    const store = storeOnFakeServer();
    expect((await until(store, (state) => state.auth.status === 'ready')).auth.user).toBeNull();
    expect(selectAccessLevel(store.getState())).toBe('anonymous');

    store.dispatch(authActions.authModalOpened('login'));
    store.dispatch(authActions.loginRequested({ email: 'marie@exemple.fr', password: 'secret1' }));
    expect(store.getState().auth.pending).toBe(true);
    const state = await until(store, (current) => current.auth.user !== null);
    expect(state.auth).toMatchObject({
      user: { id: '7', email: 'marie@exemple.fr', firstName: 'Marie', lastName: null, isVerified: false },
      modal: null,
      pending: false,
    });
    expect(JSON.parse(received.find((request) => request.route === 'POST /api/auth/login')?.body ?? '')).toEqual({
      email: 'marie@exemple.fr',
      password: 'secret1',
    });
    const loaded = await until(store, (current) => current.subscription.status === 'loaded');
    expect(selectAccessLevel(loaded)).toBe('light');
    expect(loaded.subscription.subscription?.usage).toEqual({
      zonesUsed: 36,
      zonesLimit: 50,
      exportsUsed: 2,
      exportsLimit: 20,
      metricsAvailable: 50,
    });
  });

  it('shows the server detail of a refused login and says when accounts do not exist yet', async () => {
    routes.set('POST /api/auth/login', json(401, { detail: 'Identifiants invalides', code: 'UNAUTHORIZED' }));
    const store = storeOnFakeServer();
    await until(store, (state) => state.auth.status === 'ready');
    store.dispatch(authActions.authModalOpened('login'));
    store.dispatch(authActions.loginRequested({ email: 'a@b.fr', password: 'x' }));
    expect((await until(store, (state) => state.auth.error !== null)).auth).toMatchObject({
      error: 'Identifiants invalides',
      modal: 'login',
      pending: false,
    });
    routes.delete('POST /api/auth/login');
    store.dispatch(authActions.registrationRequested({ email: 'a@b.fr', password: 'secret1' }));
    expect((await until(store, (state) => !state.auth.pending)).auth.error).toBe(ACCOUNTS_UNAVAILABLE_MESSAGE);
  });

  it('logs out locally even when the server fails, and reports account deletion with toasts', async () => {
    routes.set('GET /api/auth/me', json(200, { user: serverUser }));
    routes.set('POST /api/auth/logout', json(500, { detail: 'panne' }));
    const store = storeOnFakeServer();
    expect((await until(store, (state) => state.auth.status === 'ready')).auth.user?.email).toBe('marie@exemple.fr');
    store.dispatch(authActions.logoutRequested());
    await until(store, (state) => state.auth.user === null);

    store.dispatch(
      authActions.sessionLoaded({
        id: '7',
        email: 'marie@exemple.fr',
        firstName: null,
        lastName: null,
        isVerified: true,
      }),
    );
    routes.set('DELETE /api/auth/account', json(500, { detail: 'Suppression impossible' }));
    store.dispatch(authActions.accountDeletionRequested());
    expect(store.getState().auth.deleting).toBe(true);
    const failed = await until(store, (state) => state.toasts.length > 0);
    expect(failed.auth).toMatchObject({ deleting: false, user: { email: 'marie@exemple.fr' } });
    expect(failed.toasts.at(-1)).toMatchObject({ type: 'error', title: 'Erreur lors de la suppression du compte' });

    routes.set('DELETE /api/auth/account', json(204));
    store.dispatch(authActions.accountDeletionRequested());
    const deleted = await until(store, (state) => state.toasts.length > 1);
    expect(deleted.auth.user).toBeNull();
    expect(deleted.toasts.at(-1)).toMatchObject({ type: 'success', title: 'Compte supprimé avec succès' });
  });
});
