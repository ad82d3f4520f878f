import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ApiKey, CreatedApiKey } from './apiKeysApi';

/** The Pro user's API keys as the subscription page shows them. */
export interface ApiKeysState {
  status: 'idle' | 'loading' | 'loaded' | 'error';
  keys: ApiKey[];
  /** A write in flight (create or revoke). */
  pending: boolean;
  error: string | null;
  /** The key just created, whose secret is shown once until dismissed. */
  created: CreatedApiKey | null;
}

export const initialApiKeysState: ApiKeysState = {
  status: 'idle',
  keys: [],
  pending: false,
  error: null,
  created: null,
};

export const apiKeysSlice = createSlice({
  name: 'apiKeys',
  initialState: initialApiKeysState,
  reducers: {
    apiKeysRequested(state) {
      state.status = 'loading';
      state.error = null;
    },
    apiKeysLoaded(state, action: PayloadAction<ApiKey[]>) {
      state.status = 'loaded';
      state.keys = action.payload;
    },
    apiKeyCreationRequested(state, _action: PayloadAction<string>) {
      state.pending = true;
      state.error = null;
      state.created = null;
    },
    apiKeyCreated(state, action: PayloadAction<CreatedApiKey>) {
      state.pending = false;
      state.created = action.payload;
      const { key: _secret, ...listed } = action.payload;
      state.keys = [listed, ...state.keys];
    },
    apiKeyRevocationRequested(state, _action: PayloadAction<string>) {
      state.pending = true;
      state.error = null;
    },
    apiKeyRevoked(state, action: PayloadAction<string>) {
      state.pending = false;
      state.keys = state.keys.filter((key) => key.id !== action.payload);
      if (state.created?.id === action.payload) state.created = null;
    },
    createdKeyDismissed(state) {
      state.created = null;
    },
    apiKeysFailed(state, action: PayloadAction<string>) {
      state.pending = false;
      if (state.status === 'loading') state.status = 'error';
      state.error = action.payload;
    },
  },
});

export const apiKeysActions = apiKeysSlice.actions;
