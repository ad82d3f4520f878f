import { describe, expect, it } from 'vitest';
import { createClusteredMarkers } from './clusteredMarkers';

const WORLD: [number, number, number, number] = [-180, -85, 180, 85];

interface Shop {
  id: string;
  name: string;
  kind: 'bakery' | 'butcher';
  longitude: number;
  latitude: number;
}

const shop = (id: string, longitude: number, latitude: number, kind: Shop['kind'] = 'bakery'): Shop => ({
  id,
  name: `Commerce ${id}`,
  kind,
  longitude,
  latitude,
});

const markers = () =>
  createClusteredMarkers<Shop, { name: string }>({
    precision: 0.0001,
    popupItem: ({ name }) => ({ name }),
    siteColor: (first, groupColor) => (first.kind === 'butcher' ? '#c62828' : groupColor),
  });

describe('clustered markers (shared by the public services and the businesses)', () => {
  it('builds a group from chunks of one load; a newer load of the group wins over the older one', () => {
    const api = markers();
    api.appendItems('shops', 1, [shop('a', 2.37, 48.86)]);
    api.appendItems('shops', 1, [shop('b', 2.38, 48.87, 'butcher')]);
    api.appendItems('shops', 2, [shop('c', 2.39, 48.88)]);
    expect(api.commit('shops', 1, '#1565c0')).toBeNull();
    expect(api.commit('shops', 2, '#1565c0')).toEqual({
      drawn: 1,
      bounds: [
        [2.39, 48.88],
        [2.39, 48.88],
      ],
    });
    api.appendItems('shops', 3, [shop('a', 2.37, 48.86)]);
    api.appendItems('shops', 3, [shop('b', 2.38, 48.87, 'butcher'), shop('a', 2.37, 48.86)]);
    expect(api.commit('shops', 3, '#1565c0')?.drawn).toBe(2);
    const sites = api.markers(WORLD, 17).features;
    expect(sites.map((site) => [site.properties.color, JSON.parse(site.properties.items ?? '[]')]).sort()).toEqual([
      ['#1565c0', [{ name: 'Commerce a' }]],
      ['#c62828', [{ name: 'Commerce b' }]],
    ]);
  });

  it('answers clusters in the group colour with their count and expansion zoom, per group', () => {
    const api = markers();
    api.setGroup(
      'shops',
      '#7c3aed',
      Array.from({ length: 25 }, (_, index) =>
        shop(`s${index}`, 2.37 + (index % 5) * 0.001, 48.86 + Math.floor(index / 5) * 0.001, 'butcher'),
      ),
    );
    api.setGroup('others', '#000000', [shop('far', 4.83, 45.76)]);
    const features = api.markers(WORLD, 9).features;
    expect(features.find((feature) => feature.properties.group === 'shops')?.properties).toMatchObject({
      cluster: true,
      count: 25,
      color: '#7c3aed',
      items: null,
    });
    api.retainGroups(['others']);
    expect(api.markers(WORLD, 9).features.map((feature) => feature.properties.group)).toEqual(['others']);
  });
});
