import type { PayloadAction } from '@reduxjs/toolkit';
import { call, put, takeLatest } from 'redux-saga/effects';
import type { IrisDetail } from '../../../kernel/visualizations/irisSchemas';
import type { IrisSelectionProperties } from './irisSelection';
import { fetchIrisDetail } from './irisApi';
import { visualizationsActions } from './visualizationsSlice';

function* loadIrisDetail(action: PayloadAction<IrisSelectionProperties>) {
  const irisCode = action.payload.iris_code;
  try {
    const detail = (yield call(fetchIrisDetail, irisCode)) as IrisDetail;
    yield put(visualizationsActions.irisDetailLoaded(detail));
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    yield put(visualizationsActions.irisDetailFailed({ irisCode, error: `Failed to fetch IRIS details: ${message}` }));
  }
}

/** Loads the details of the IRIS just selected (a newer click cancels the previous load). */
export function* visualizationsSaga() {
  yield takeLatest(visualizationsActions.irisClicked.type, loadIrisDetail);
}
