import { describe, expect, it } from 'vitest';
import type { Zone } from '../../../kernel/zones/Zone';
import { zoneSummary } from './ZoneRow';

const base: Zone = {
  id: 'z1',
  name: 'Zone',
  address: '52 Rue de la Roquette 75011 Paris',
  coordinates: [2.3736, 48.8544],
  transportMode: 'walking',
  travelTime: 10,
  zoneType: 'time',
  zoneDistance: 0,
  departureTime: null,
  geometry: { type: 'FeatureCollection', features: [] },
  color: '#2563eb',
  properties: {},
};

describe('zoneSummary', () => {
  it('says the mode and the time or distance of an isochrone', () => {
    expect(zoneSummary(base)).toBe('À pied · 10 min');
    expect(zoneSummary({ ...base, transportMode: 'cycling', zoneType: 'distance', zoneDistance: 2500 })).toBe(
      'Vélo · 2,5 km',
    );
  });

  it('says the level of a territory zone, read from its code', () => {
    const commune = { ...base, properties: { type: 'administrative', level: 'commune', code: '75111' } };
    expect(zoneSummary(commune)).toBe('Zone administrative · Commune');
    const iris = { ...base, properties: { type: 'administrative', level: 'iris', code: '751114101' } };
    expect(zoneSummary(iris)).toBe('Zone administrative · IRIS');
  });

  it('gives the area of a drawn polygon in km²', () => {
    const drawn = { ...base, properties: { type: 'drawn', area_km2: 1.25, points: [[48.85, 2.37]] } };
    expect(zoneSummary(drawn)).toMatch(/^Polygone dessiné · 1,25\skm²$/);
  });
});
