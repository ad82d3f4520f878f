import { describe, expect, it } from 'vitest';
import { createAppStore } from '../../app/store';
import { ApiError } from '../../api/ApiError';
import { untilState as until } from '../../../tests/support/untilState';
import type { ApiKey, ApiKeysApi } from './apiKeysApi';
import { apiKeysActions } from './apiKeysSlice';

const key = (id: string, name: string): ApiKey => ({
  id,
  name,
  prefix: `zk_${id}`.slice(0, 10),
  created_at: '2026-11-25T10:00:00.000Z',
  last_used_at: null,
});

/** An in-memory key store behind the API's interface (the server's own rules are tested on the server). */
function keyStore(initial: ApiKey[]): ApiKeysApi & { keys: ApiKey[] } {
  const store = {
    keys: [...initial],
    list: () => Promise.resolve([...store.keys]),
    create: (name: string) => {
      if (store.keys.length >= 2) return Promise.reject(new ApiError('Au plus 2 clés actives', 400, 'BAD_REQUEST'));
      const created = { ...key(`k${store.keys.length + 1}`, name), key: `zk_secret_${name}` };
      store.keys.unshift(key(created.id, name));
      return Promise.resolve(created);
    },
    revoke: (id: string) => {
      store.keys = store.keys.filter((candidate) => candidate.id !== id);
      return Promise.resolve();
    },
  };
  return store;
}

describe('apiKeysSaga', () => {
  it('lists, creates (secret kept until dismissed), revokes, and reports a refusal in French', async () => {
    const api = keyStore([key('k0', 'Ancienne')]);
    const store = createAppStore(undefined, { apiKeysApi: api });
    store.dispatch(apiKeysActions.apiKeysRequested());
    await until(store, (state) => state.apiKeys.status === 'loaded');
    expect(store.getState().apiKeys.keys.map((listed) => listed.name)).toEqual(['Ancienne']);

    store.dispatch(apiKeysActions.apiKeyCreationRequested('Tableau de bord'));
    await until(store, (state) => state.apiKeys.created !== null);
    expect(store.getState().apiKeys.created?.key).toBe('zk_secret_Tableau de bord');
    expect(store.getState().apiKeys.keys.map((listed) => listed.name)).toEqual(['Tableau de bord', 'Ancienne']);
    expect(store.getState().apiKeys.keys.some((listed) => 'key' in listed)).toBe(false);

    store.dispatch(apiKeysActions.apiKeyCreationRequested('Trop'));
    await until(store, (state) => state.apiKeys.error !== null);
    expect(store.getState().apiKeys.error).toBe('Au plus 2 clés actives');
    expect(store.getState().apiKeys.pending).toBe(false);

    store.dispatch(apiKeysActions.apiKeyRevocationRequested('k0'));
    await until(store, (state) => state.apiKeys.keys.length === 1);
    expect(api.keys.map((listed) => listed.id)).toEqual(['k2']);
    store.dispatch(apiKeysActions.createdKeyDismissed());
    expect(store.getState().apiKeys.created).toBeNull();
  });
});
