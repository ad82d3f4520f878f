import type { PayloadAction } from '@reduxjs/toolkit';
import { call, getContext, put, select, takeEvery } from 'redux-saga/effects';
import { toastShown } from '../../app/shellActions';
import type {
  BoundaryFeature,
  Commune,
  Department,
  IrisEntry,
  Region,
} from '../../../kernel/territory/territorySchemas';
import type { Zone } from '../../../kernel/zones/Zone';
import {
  ALREADY_IN_LIST_MESSAGES,
  administrativeZone,
  administrativeZoneId,
  loadFailedMessage,
  type AdministrativeUnit,
} from '../../../kernel/zones/administrativeZone';
import type { TerritoryApi } from '../territory/territoryApi';
import { zonesActions, type TerritoryTreeNode, type ZonesState } from './zonesSlice';

const regionNode = (region: Region): TerritoryTreeNode => ({
  key: `region-${region.code}`,
  label: region.name,
  unit: { level: 'region', code: region.code, name: region.name },
  expandable: true,
});
const departmentNode = (department: Department): TerritoryTreeNode => ({
  key: `department-${department.code}`,
  label: `${department.name} (${department.code})`,
  unit: { level: 'department', code: department.code, name: department.name },
  expandable: true,
});
const communeNode = (commune: Commune): TerritoryTreeNode => ({
  key: `commune-${commune.code}`,
  label: `${commune.name} (${commune.code})`,
  unit: { level: 'commune', code: commune.code, name: commune.name },
  expandable: true,
});
const irisNode = (iris: IrisEntry): TerritoryTreeNode => ({
  key: `iris-${iris.iris_code}`,
  label: `${iris.iris_name} (${iris.iris_code})`,
  unit: { level: 'iris', code: iris.iris_code, name: iris.iris_name, communeName: iris.commune_name },
  expandable: false,
});

/** France > régions (overseas ones grouped last under 'DOM-TOM (Outre-Mer)') > … > IRIS. */
function* loadChildren(action: PayloadAction<string>) {
  const api = (yield getContext('territoryApi')) as TerritoryApi;
  const key = action.payload;
  const [level, code = ''] = key.split(/-(.*)/s) as [string, string | undefined];
  try {
    if (key === 'france') {
      const regions = (yield call([api, api.regions])) as Region[];
      const overseas = regions.filter((region) => region.overseas).map(regionNode);
      const metropolitan = regions.filter((region) => !region.overseas).map(regionNode);
      if (overseas.length > 0) {
        yield put(zonesActions.territoryChildrenLoaded({ key: 'dom-tom', nodes: overseas }));
        metropolitan.push({ key: 'dom-tom', label: 'DOM-TOM (Outre-Mer)', expandable: true });
      }
      yield put(zonesActions.territoryChildrenLoaded({ key, nodes: metropolitan }));
    } else if (level === 'region') {
      const departments = (yield call([api, api.departments], code)) as Department[];
      yield put(zonesActions.territoryChildrenLoaded({ key, nodes: departments.map(departmentNode) }));
    } else if (level === 'department') {
      const communes = (yield call([api, api.communes], code)) as Commune[];
      yield put(zonesActions.territoryChildrenLoaded({ key, nodes: communes.map(communeNode) }));
    } else if (level === 'commune') {
      const iris = (yield call([api, api.iris], code)) as IrisEntry[];
      yield put(zonesActions.territoryChildrenLoaded({ key, nodes: iris.map(irisNode) }));
    } else {
      yield put(zonesActions.territoryChildrenFailed(key));
    }
  } catch {
    yield put(zonesActions.territoryChildrenFailed(key));
  }
}

/** A unit clicked in the tree: its boundary becomes a zone, created like any other (optimistic, saved). */
function* addTerritoryZone(action: PayloadAction<AdministrativeUnit>) {
  const api = (yield getContext('territoryApi')) as TerritoryApi;
  const unit = action.payload;
  const id = administrativeZoneId(unit.level, unit.code);
  try {
    const zones = (yield select((state: { zones: ZonesState }) => state.zones.zones)) as Zone[];
    if (zones.some((zone) => zone.id === id)) {
      yield put(toastShown({ type: 'warning', title: ALREADY_IN_LIST_MESSAGES[unit.level] }));
      return;
    }
    let zone: Zone;
    try {
      const boundary = (yield call([api, api.boundary], unit.level, unit.code)) as BoundaryFeature;
      zone = administrativeZone(unit, boundary);
    } catch (error) {
      yield put(
        toastShown({
          type: 'error',
          title: loadFailedMessage(unit.level),
          message: error instanceof Error ? error.message : String(error),
        }),
      );
      return;
    }
    yield put(zonesActions.zoneCreateRequested(zone));
  } finally {
    yield put(zonesActions.territoryZoneAddEnded(id));
  }
}

/** The administrative tree's I/O: node children, and units added as zones. */
export function* territoryTreeSaga() {
  yield takeEvery(zonesActions.territoryChildrenRequested.type, loadChildren);
  yield takeEvery(zonesActions.territoryZoneAddRequested.type, addTerritoryZone);
}
