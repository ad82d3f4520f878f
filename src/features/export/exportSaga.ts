import type { PayloadAction } from '@reduxjs/toolkit';
import { channel, type Channel } from 'redux-saga';
import { call, fork, getContext, put, select, take, takeLatest } from 'redux-saga/effects';
import type { ExportApi, ExportedFile } from './exportApi';
import { exportActions, selectExport, type ExportState } from './exportSlice';

type ProgressMessage = { share: number | null };

function* forwardProgress(progress: Channel<ProgressMessage>) {
  for (;;) {
    const message: ProgressMessage = yield take(progress);
    yield put(exportActions.exportProgressed(message.share));
  }
}

/** Builds the file on the server, follows the download, then saves it in the browser. */
function* runExport(action: PayloadAction<{ zoneIds: string[] }>) {
  const api = (yield getContext('exportApi')) as ExportApi;
  const { selectedMetricIds, format } = (yield select(selectExport)) as ExportState;
  const progress: Channel<ProgressMessage> = channel();
  yield fork(forwardProgress, progress);
  try {
    const file = (yield call(
      [api, api.exportFile],
      { zone_ids: action.payload.zoneIds, metric_ids: selectedMetricIds, format },
      (received: number, total: number | null) => progress.put({ share: total ? Math.min(1, received / total) : null }),
    )) as ExportedFile;
    yield call([api, api.saveFile], file);
    yield put(exportActions.exportSucceeded(file.fileName));
  } catch (error) {
    yield put(exportActions.exportFailed(error instanceof Error ? error.message : 'Une erreur est survenue'));
  } finally {
    progress.close();
  }
}

function* prepare() {
  const api = (yield getContext('exportApi')) as ExportApi;
  yield call([api, api.prepare]);
}

export function* exportSaga() {
  yield takeLatest(exportActions.panelOpened.type, prepare);
  yield takeLatest(exportActions.exportRequested.type, runExport);
}
