import type { PayloadAction } from '@reduxjs/toolkit';
import { channel, type Channel } from 'redux-saga';
import { call, fork, getContext, put, select, take, takeLatest } from 'redux-saga/effects';
import type { ExportApi, ExportedFile } from './exportApi';
import { exportActions, selectExport, type ExportState } from './exportSlice';
import type { ExportShareAnswer, ExportShareCreated } from '../../../kernel/export/exportShare';
import { isSpecialExportId, type ChoroplethShown, type MapView } from '../../../kernel/export/specialExports';

type ProgressMessage = { share: number | null };

function* forwardProgress(progress: Channel<ProgressMessage>) {
  for (;;) {
    const message: ProgressMessage = yield take(progress);
    yield put(exportActions.exportProgressed(message.share));
  }
}

/** Builds the file on the server, follows the download, then saves it in the browser. */
function* runExport(
  action: PayloadAction<{ zoneIds: string[]; mapView?: MapView; choropleth?: ChoroplethShown | null }>,
) {
  const api = (yield getContext('exportApi')) as ExportApi;
  const { selectedMetricIds, format } = (yield select(selectExport)) as ExportState;
  const progress: Channel<ProgressMessage> = channel();
  yield fork(forwardProgress, progress);
  try {
    const file = (yield call(
      [api, api.exportFile],
      {
        zone_ids: action.payload.zoneIds,
        metric_ids: selectedMetricIds,
        format,
        ...(action.payload.mapView ? { map_view: action.payload.mapView } : {}),
        ...(action.payload.choropleth !== undefined ? { choropleth: action.payload.choropleth } : {}),
      },
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

/** Freezes the selection's figures on the server and keeps the link's full address. */
function* createShare(action: PayloadAction<{ zoneIds: string[] }>) {
  const api = (yield getContext('exportApi')) as ExportApi;
  const { selectedMetricIds, share } = (yield select(selectExport)) as ExportState;
  try {
    const created = (yield call([api, api.createShare], {
      zone_ids: action.payload.zoneIds,
      metric_ids: selectedMetricIds.filter((id) => !isSpecialExportId(id)),
      expires_in_days: share.expiresInDays,
    })) as ExportShareCreated;
    const url = (yield call([api, api.absoluteUrl], created.path)) as string;
    yield put(exportActions.shareCreated({ url, expiresAt: created.expires_at }));
  } catch (error) {
    yield put(exportActions.shareFailed(error instanceof Error ? error.message : 'Une erreur est survenue'));
  }
}

function* copyShare() {
  const api = (yield getContext('exportApi')) as ExportApi;
  const { share } = (yield select(selectExport)) as ExportState;
  if (!share.url) return;
  try {
    yield call([api, api.copyText], share.url);
    yield put(exportActions.shareCopied());
  } catch {
    yield put(exportActions.shareFailed('La copie a échoué : sélectionnez l’adresse et copiez-la à la main'));
  }
}

function* readSharedStudy(action: PayloadAction<string>) {
  const api = (yield getContext('exportApi')) as ExportApi;
  try {
    const answer = (yield call([api, api.readShare], action.payload)) as ExportShareAnswer;
    yield put(exportActions.sharedStudyLoaded(answer));
  } catch (error) {
    yield put(exportActions.sharedStudyFailed(error instanceof Error ? error.message : 'Une erreur est survenue'));
  }
}

function* prepare() {
  const api = (yield getContext('exportApi')) as ExportApi;
  yield call([api, api.prepare]);
}

export function* exportSaga() {
  yield takeLatest(exportActions.panelOpened.type, prepare);
  yield takeLatest(exportActions.exportRequested.type, runExport);
  yield takeLatest(exportActions.shareRequested.type, createShare);
  yield takeLatest(exportActions.shareCopyRequested.type, copyShare);
  yield takeLatest(exportActions.sharedStudyRequested.type, readSharedStudy);
}
