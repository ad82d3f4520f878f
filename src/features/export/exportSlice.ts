import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExportFormat } from '../../../kernel/export/exportSchemas';
import type { ExportShareAnswer } from '../../../kernel/export/exportShare';
import type { ChoroplethShown, MapView } from '../../../kernel/export/specialExports';

export type ExportStatus = 'idle' | 'building' | 'downloading' | 'done' | 'error';

export interface ExportState {
  /** Checked metric ids of the catalogue, in the catalogue's order. */
  selectedMetricIds: string[];
  format: ExportFormat;
  status: ExportStatus;
  /** Share of the file received (0–1), null while the server builds it or without a length. */
  progress: number | null;
  error: string | null;
  fileName: string | null;
  /** The shareable link of the panel's selection: its creation, the address and whether it was copied. */
  share: {
    status: 'idle' | 'creating' | 'created' | 'error';
    /** Days before the link stops working; null: never. */
    expiresInDays: number | null;
    url: string | null;
    expiresAt: string | null;
    copied: boolean;
    error: string | null;
  };
  /** A shared study opened at /partage/{token} (read-only, no account needed). */
  sharedStudy: {
    status: 'idle' | 'loading' | 'loaded' | 'error';
    token: string | null;
    answer: ExportShareAnswer | null;
    error: string | null;
  };
}

const initialState: ExportState = {
  selectedMetricIds: [],
  format: 'csv',
  status: 'idle',
  progress: null,
  error: null,
  fileName: null,
  share: { status: 'idle', expiresInDays: 30, url: null, expiresAt: null, copied: false, error: null },
  sharedStudy: { status: 'idle', token: null, answer: null, error: null },
};

export const exportSlice = createSlice({
  name: 'export',
  initialState,
  reducers: {
    /** Checks or unchecks metrics (one, a sub-category, a category or all). */
    metricsChecked(state, action: PayloadAction<{ ids: string[]; checked: boolean; order: readonly string[] }>) {
      const selected = new Set(state.selectedMetricIds);
      for (const id of action.payload.ids) {
        if (action.payload.checked) selected.add(id);
        else selected.delete(id);
      }
      state.selectedMetricIds = action.payload.order.filter((id) => selected.has(id));
    },
    /** The panel is shown: the saga readies the server's file builder. */
    panelOpened() {},
    formatChosen(state, action: PayloadAction<ExportFormat>) {
      state.format = action.payload;
    },
    exportRequested(
      state,
      _action: PayloadAction<{ zoneIds: string[]; mapView?: MapView; choropleth?: ChoroplethShown | null }>,
    ) {
      state.status = 'building';
      state.progress = null;
      state.error = null;
      state.fileName = null;
    },
    exportProgressed(state, action: PayloadAction<number | null>) {
      state.status = 'downloading';
      state.progress = action.payload;
    },
    exportSucceeded(state, action: PayloadAction<string>) {
      state.status = 'done';
      state.progress = 1;
      state.fileName = action.payload;
    },
    exportFailed(state, action: PayloadAction<string>) {
      state.status = 'error';
      state.progress = null;
      state.error = action.payload;
    },
    shareExpiryChosen(state, action: PayloadAction<number | null>) {
      state.share.expiresInDays = action.payload;
    },
    shareRequested(state, _action: PayloadAction<{ zoneIds: string[] }>) {
      state.share = { ...state.share, status: 'creating', url: null, expiresAt: null, copied: false, error: null };
    },
    shareCreated(state, action: PayloadAction<{ url: string; expiresAt: string | null }>) {
      state.share = { ...state.share, status: 'created', ...action.payload, copied: false, error: null };
    },
    shareFailed(state, action: PayloadAction<string>) {
      state.share = { ...state.share, status: 'error', url: null, error: action.payload };
    },
    shareCopyRequested() {},
    shareCopied(state) {
      state.share.copied = true;
    },
    sharedStudyRequested(state, action: PayloadAction<string>) {
      state.sharedStudy = { status: 'loading', token: action.payload, answer: null, error: null };
    },
    sharedStudyLoaded(state, action: PayloadAction<ExportShareAnswer>) {
      state.sharedStudy = { ...state.sharedStudy, status: 'loaded', answer: action.payload, error: null };
    },
    sharedStudyFailed(state, action: PayloadAction<string>) {
      state.sharedStudy = { ...state.sharedStudy, status: 'error', answer: null, error: action.payload };
    },
  },
});

export const exportActions = exportSlice.actions;

export const selectExport = (state: { export: ExportState }) => state.export;
