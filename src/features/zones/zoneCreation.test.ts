import { describe, expect, it } from 'vitest';
import { administrativeZone, outerRingMean } from '../../../kernel/zones/administrativeZone';
import { sortRegions } from '../../../kernel/territory/territorySchemas';
import {
  defaultZoneParameters,
  drawnZone,
  isochroneZone,
  nextMondayDeparture,
  nextZoneName,
  ringAreaKm2,
  travelTimeSent,
} from './zoneCreation';
import { defaultZoneColor } from '../../../kernel/zones/zoneColors';

describe('zone creation rules', () => {
  it('departs next Monday at 08:00 Europe/Paris, today when it is Monday', () => {
    expect(nextMondayDeparture(new Date(2026, 10, 22, 15))).toBe('2026-11-23T08:00:00+01:00'); // Sunday
    expect(nextMondayDeparture(new Date(2026, 10, 23, 9))).toBe('2026-11-23T08:00:00+01:00'); // Monday
    expect(nextMondayDeparture(new Date(2026, 10, 24, 9))).toBe('2026-11-30T08:00:00+01:00'); // Tuesday
    expect(nextMondayDeparture(new Date(2026, 5, 10, 9))).toBe('2026-06-15T08:00:00+02:00'); // summer time
    expect(defaultZoneParameters(new Date(2026, 10, 22))).toEqual({
      transportMode: 'driving',
      travelTime: 15,
      zoneType: 'time',
      zoneDistance: 1000,
      departureTime: '2026-11-23T08:00:00+01:00',
    });
  });

  it('sends distance / 50 km as the travel time of a distance zone', () => {
    expect(travelTimeSent({ zoneType: 'time', travelTime: 25, zoneDistance: 1000 })).toBe(25);
    expect(travelTimeSent({ zoneType: 'distance', travelTime: 25, zoneDistance: 2000 })).toBe(0);
    expect(travelTimeSent({ zoneType: 'distance', travelTime: 25, zoneDistance: 50_000 })).toBe(1);
  });

  it('names zones Zone N and cycles 8 default colours', () => {
    expect(nextZoneName([])).toBe('Zone 1');
    expect(nextZoneName([{ name: 'Zone 2' }])).toBe('Zone 3');
    expect(defaultZoneColor(0)).toBe(defaultZoneColor(8));
    expect(new Set(Array.from({ length: 8 }, (_, index) => defaultZoneColor(index))).size).toBe(8);
  });

  it('builds an isochrone zone in its mode colour', () => {
    const zone = isochroneZone({
      existing: [],
      address: '10 Rue de Rivoli 75004 Paris',
      coordinates: [2.3572, 48.8556],
      parameters: { ...defaultZoneParameters(), transportMode: 'walking' },
      feature: {
        type: 'Feature',
        properties: { computation_ms: 12 },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [2.35, 48.85],
              [2.36, 48.85],
              [2.36, 48.86],
              [2.35, 48.85],
            ],
          ],
        },
      },
    });
    expect(zone).toMatchObject({ name: 'Zone 1', color: '#4CAF50', departureTime: null, travelTime: 15 });
    expect(zone.properties).toMatchObject({ type: 'isochrone', computation_ms: 12 });
  });

  it('builds a drawn polygon with its area (a 0.01° square at Paris ≈ 0.81 km²)', () => {
    const points: [number, number][] = [
      [2.35, 48.85],
      [2.36, 48.85],
      [2.36, 48.86],
      [2.35, 48.86],
    ];
    expect(ringAreaKm2(points)).toBeCloseTo(1.11 * 1.11 * Math.cos((48.855 * Math.PI) / 180), 3);
    const zone = drawnZone([], points);
    expect(zone.geometry).toMatchObject({ type: 'Feature', geometry: { type: 'Polygon' } });
    expect(zone.properties.points).toEqual(points.map(([lng, lat]) => [lat, lng]));
    expect(zone.coordinates[0]).toBeCloseTo(2.355, 9);
    expect(zone.coordinates[1]).toBeCloseTo(48.855, 9);
    expect(() => drawnZone([], points.slice(0, 2))).toThrow();
  });

  it('places overseas régions last and takes the mean of outer-ring vertices', () => {
    const sorted = sortRegions([
      { code: '04', name: 'La Réunion' },
      { code: '11', name: 'Île-de-France' },
      { code: '84', name: 'Auvergne-Rhône-Alpes' },
      { code: '01', name: 'Guadeloupe' },
      { code: '32', name: 'Hauts-de-France' },
    ]);
    expect(sorted.map((region) => region.code)).toEqual(['84', '32', '11', '01', '04']);
    expect(
      outerRingMean({
        type: 'MultiPolygon',
        coordinates: [
          [
            [
              [0, 0],
              [2, 0],
              [2, 2],
              [0, 2],
              [0, 0],
            ],
            [
              [0.5, 0.5],
              [1, 0.5],
              [1, 1],
              [0.5, 0.5],
            ],
          ],
          [
            [
              [10, 10],
              [12, 10],
              [12, 12],
              [10, 12],
              [10, 10],
            ],
          ],
        ],
      }),
    ).toEqual([6, 6]);
    const zone = administrativeZone(
      { level: 'iris', code: '751114101', name: 'Folie Méricourt 1', communeName: 'Paris 11e Arrondissement' },
      {
        type: 'Feature',
        properties: { iris_type: 'H' },
        geometry: {
          type: 'Polygon',
          coordinates: [
            [
              [0, 0],
              [1, 0],
              [1, 1],
              [0, 0],
            ],
          ],
        },
      },
    );
    expect(zone).toMatchObject({
      id: 'iris-751114101',
      name: 'Folie Méricourt 1 - IRIS (751114101)',
      address: 'Folie Méricourt 1, Paris 11e Arrondissement',
      color: '#F59E0B',
      travelTime: 1,
      zoneDistance: 0,
      transportMode: 'driving',
      properties: { level: 'iris', code: '751114101', type: 'administrative', iris_type: 'H' },
    });
    expect(zone.geometry.type).toBe('FeatureCollection');
  });
});
