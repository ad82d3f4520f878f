import { describe, expect, it } from 'vitest';
import type { Zone } from '../../../kernel/zones/Zone';
import { createAppStore } from '../../app/store';
import { untilState as until } from '../../../tests/support/untilState';
import type { TerritoryApi } from '../territory/territoryApi';
import type { ZonesApi } from './zonesApi';
import { zonesActions } from './zonesSlice';

const square = {
  type: 'Polygon' as const,
  coordinates: [
    [
      [2.37, 48.85],
      [2.39, 48.85],
      [2.39, 48.87],
      [2.37, 48.87],
      [2.37, 48.85],
    ],
  ],
};

/** The territory lists of a tiny France answered in memory; the calls made are kept. */
function services(options: { failCommunes?: boolean } = {}) {
  const calls: string[] = [];
  const territoryApi: TerritoryApi = {
    regions: () => {
      calls.push('regions');
      return Promise.resolve([
        { code: '11', name: 'Île-de-France', overseas: false },
        { code: '04', name: 'La Réunion', overseas: true },
        { code: '84', name: 'Auvergne-Rhône-Alpes', overseas: false },
      ]);
    },
    departments: (region) => {
      calls.push(`departments ${region}`);
      return Promise.resolve([{ code: '75', name: 'Paris', region }]);
    },
    communes: (department) => {
      calls.push(`communes ${department}`);
      if (options.failCommunes) return Promise.reject(new Error('503'));
      return Promise.resolve([{ code: '75111', name: 'Paris 11e Arrondissement', department, region: '11' }]);
    },
    iris: (commune) => {
      calls.push(`iris ${commune}`);
      return Promise.resolve([
        {
          iris_code: '751114101',
          iris_name: 'Folie Méricourt 1',
          commune_name: 'Paris 11e Arrondissement',
          commune_code: commune,
          iris_type: 'H',
        },
      ]);
    },
    boundary: (level, code) => {
      calls.push(`boundary ${level} ${code}`);
      return Promise.resolve({ type: 'Feature', geometry: square, properties: { code } });
    },
  };
  const saved: Zone[] = [];
  const zonesApi = {
    list: () => Promise.resolve([]),
    save: (zone: Zone) => {
      saved.push(zone);
      return Promise.resolve({ ...zone, savedOnServer: true });
    },
    remove: () => Promise.resolve(),
    clear: () => Promise.resolve(),
  } satisfies ZonesApi;
  return { territoryApi, zonesApi, calls, saved };
}

describe('territoryTreeSaga', () => {
  it('lists the metropolitan régions, the overseas ones grouped last under « DOM-TOM (Outre-Mer) »', async () => {
    const { calls, saved: _saved, ...apis } = services();
    const store = createAppStore(undefined, apis);
    store.dispatch(zonesActions.territoryChildrenRequested('france'));
    const state = await until(store, (root) => root.zones.territoryTree.children.france !== undefined);
    expect(state.zones.territoryTree.children.france?.map((node) => node.label)).toEqual([
      'Île-de-France',
      'Auvergne-Rhône-Alpes',
      'DOM-TOM (Outre-Mer)',
    ]);
    expect(state.zones.territoryTree.children['dom-tom']?.map((node) => node.key)).toEqual(['region-04']);
    expect(state.zones.territoryTree.loading).toEqual([]);
    expect(calls).toEqual(['regions']);
  });

  it('opens a région, a département and a commune down to its IRIS, with codes in the labels', async () => {
    const { calls, saved: _saved, ...apis } = services();
    const store = createAppStore(undefined, apis);
    for (const key of ['region-11', 'department-75', 'commune-75111'])
      store.dispatch(zonesActions.territoryChildrenRequested(key));
    const state = await until(store, (root) => root.zones.territoryTree.children['commune-75111'] !== undefined);
    const { children } = state.zones.territoryTree;
    expect(children['region-11']?.map((node) => node.label)).toEqual(['Paris (75)']);
    expect(children['department-75']?.map((node) => node.label)).toEqual(['Paris 11e Arrondissement (75111)']);
    expect(children['commune-75111']).toEqual([
      {
        key: 'iris-751114101',
        label: 'Folie Méricourt 1 (751114101)',
        unit: { level: 'iris', code: '751114101', name: 'Folie Méricourt 1', communeName: 'Paris 11e Arrondissement' },
        expandable: false,
      },
    ]);
    expect(calls).toEqual(['departments 11', 'communes 75', 'iris 75111']);
  });

  it('marks a node failed when its list cannot be loaded, and an unknown key without calling the server', async () => {
    const { calls, saved: _saved, ...apis } = services({ failCommunes: true });
    const store = createAppStore(undefined, apis);
    store.dispatch(zonesActions.territoryChildrenRequested('department-75'));
    store.dispatch(zonesActions.territoryChildrenRequested('canton-7501'));
    const state = await until(store, (root) => root.zones.territoryTree.loading.length === 0);
    expect(state.zones.territoryTree.children['department-75']).toBeUndefined();
    expect(state.zones.territoryTree.children['canton-7501']).toBeUndefined();
    expect(calls).toEqual(['communes 75']);
  });

  it('adds a commune as a zone from its boundary and saves it; the same commune again is refused in French', async () => {
    const { calls, saved, ...apis } = services();
    const store = createAppStore(undefined, apis);
    const unit = { level: 'commune' as const, code: '75111', name: 'Paris 11e Arrondissement' };
    store.dispatch(zonesActions.territoryZoneAddRequested(unit));
    const added = await until(store, (root) => root.zones.zones.some((zone) => zone.savedOnServer));
    const zone = added.zones.zones[0];
    expect(zone?.id).toBe('commune-75111');
    expect(zone?.properties).toMatchObject({ level: 'commune', code: '75111', type: 'administrative' });
    expect(saved.map((candidate) => candidate.id)).toEqual(['commune-75111']);
    expect(added.zones.territoryTree.adding).toEqual([]);

    store.dispatch(zonesActions.territoryZoneAddRequested(unit));
    const refused = await until(store, (root) =>
      root.toasts.some((toast) => toast.title === 'Cette commune est déjà dans votre liste de zones'),
    );
    expect(refused.zones.zones).toHaveLength(1);
    expect(calls.filter((call) => call.startsWith('boundary'))).toEqual(['boundary commune 75111']);
  });
});
