import { describe, expect, it } from 'vitest';
import { createBusinessMarkersWorkerApi, isInFrance, type MapBusiness } from './businessMarkersWorkerApi';

const FRANCE: [number, number, number, number] = [-5, 41, 10, 52];

const business = (id: string, longitude: number, latitude: number, fields: Partial<MapBusiness> = {}): MapBusiness => ({
  id,
  name: `Établissement ${id}`,
  address: `${id} rue de la Roquette`,
  city: '75011 Paris',
  dateCreation: null,
  employeeRange: 'Non renseigné',
  nafCode: '56.10A',
  nafLabel: 'Restauration traditionnelle',
  sectionCode: 'I',
  sourceLabel: 'OpenStreetMap',
  sourceVintage: '2024-12-19',
  demo: false,
  longitude,
  latitude,
  ...fields,
});

describe('business markers worker', () => {
  it('groups establishments within 0.0001° as one location with its count, drops points outside France', () => {
    const api = createBusinessMarkersWorkerApi();
    const answer = api.setGroup('businesses', '#7c3aed', [
      business('a', 2.37501, 48.85501),
      business('b', 2.37503, 48.85502),
      business('a', 2.37501, 48.85501),
      business('c', 2.3801, 48.8601),
      business('far', -40, 10),
      business('nan', Number.NaN, 48.8),
    ]);
    expect(answer.drawn).toBe(3);
    expect(answer.bounds).toEqual([
      [2.37501, 48.85501],
      [2.3801, 48.8601],
    ]);
    const locations = api.markers(FRANCE, 18).features;
    expect(locations).toHaveLength(2);
    const shared = locations.find((marker) => marker.properties.count === 2);
    expect(shared?.properties.cluster).toBe(false);
    expect(JSON.parse(shared?.properties.items ?? '[]').map((item: MapBusiness) => item.id)).toEqual(['a', 'b']);
  });

  it('clusters at low zoom (count of establishments, expansion zoom) and empties', () => {
    const api = createBusinessMarkersWorkerApi();
    api.setGroup(
      'businesses',
      '#7c3aed',
      Array.from({ length: 40 }, (_, index) =>
        business(`r${index}`, 2.37 + (index % 8) * 0.001, 48.86 + Math.floor(index / 8) * 0.001),
      ),
    );
    const markers = api.markers(FRANCE, 10).features;
    expect(markers).toHaveLength(1);
    expect(markers[0]?.properties).toMatchObject({ cluster: true, count: 40, items: null });
    expect(markers[0]?.properties.expansionZoom).toBeGreaterThan(10);
    expect(api.setGroup('businesses', '#7c3aed', []).drawn).toBe(0);
    expect(api.markers(FRANCE, 10).features).toEqual([]);
  });

  it('knows France: Paris, Ajaccio and Saint-Denis de La Réunion are in, Brussels and the Atlantic are out', () => {
    expect(isInFrance(2.35, 48.85)).toBe(true);
    expect(isInFrance(8.74, 41.92)).toBe(true);
    expect(isInFrance(55.45, -20.88)).toBe(true);
    expect(isInFrance(4.35, 51.5)).toBe(false);
    expect(isInFrance(-30, 45)).toBe(false);
  });
});
