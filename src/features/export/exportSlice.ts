import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import type { ExportFormat } from '../../../kernel/export/exportSchemas';

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
}

const initialState: ExportState = {
  selectedMetricIds: [],
  format: 'csv',
  status: 'idle',
  progress: null,
  error: null,
  fileName: null,
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
    exportRequested(state, _action: PayloadAction<{ zoneIds: string[] }>) {
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
  },
});

export const exportActions = exportSlice.actions;

export const selectExport = (state: { export: ExportState }) => state.export;
