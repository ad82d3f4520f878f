import { describe, expect, it } from 'vitest';
import { createServiceClustersWorkerApi } from './serviceClustersWorkerApi';

const FRANCE: [number, number, number, number] = [-5, 41, 10, 52];

describe('service clusters worker', () => {
  const api = createServiceClustersWorkerApi();
  // 30 schools on a 100 m grid in the 11e, two of them at one address, and 1 police station far away.
  const schools = Array.from({ length: 30 }, (_, index) => ({
    id: `s${index}`,
    name: `École ${index}`,
    address: `${index} rue Test, 75011 Paris`,
    longitude: 2.37 + (index % 6) * 0.0014,
    latitude: 48.86 + Math.floor(index / 6) * 0.0009,
  }));
  schools.push({ ...(schools[0] as (typeof schools)[number]), id: 'same-place', name: 'École bis' });
  api.setGroup('education', '#f08c00', schools);
  api.setGroup('securite', '#1c7ed6', [
    { id: 'p', name: 'Commissariat', address: 'Lyon', longitude: 4.83, latitude: 45.76 },
  ]);

  it('clusters per category: one cluster of 31 services at low zoom, never mixing categories', () => {
    const markers = api.markers(FRANCE, 10).features;
    const education = markers.filter((marker) => marker.properties.group === 'education');
    expect(education).toHaveLength(1);
    expect(education[0]?.properties).toMatchObject({ cluster: true, count: 31, color: '#f08c00' });
    expect(education[0]?.properties.expansionZoom).toBeGreaterThan(10);
    expect(markers.filter((marker) => marker.properties.group === 'securite')).toHaveLength(1);
  });

  it('shows sites at zoom 17 (beyond max zoom 16); services at one place stay one site with its count', () => {
    const markers = api.markers(FRANCE, 17).features.filter((marker) => marker.properties.group === 'education');
    expect(markers).toHaveLength(30);
    expect(markers.every((marker) => !marker.properties.cluster)).toBe(true);
    const shared = markers.find((marker) => marker.properties.count === 2);
    expect(JSON.parse(shared?.properties.items ?? '[]')).toEqual([
      { name: 'École 0', address: '0 rue Test, 75011 Paris' },
      { name: 'École bis', address: '0 rue Test, 75011 Paris' },
    ]);
  });

  it('removes a category when emptied or not retained', () => {
    api.setGroup('education', '#f08c00', []);
    expect(api.markers(FRANCE, 10).features.map((marker) => marker.properties.group)).toEqual(['securite']);
    api.retainGroups([]);
    expect(api.markers(FRANCE, 10).features).toEqual([]);
  });
});
