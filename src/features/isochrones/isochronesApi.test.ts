import { describe, expect, it } from 'vitest';
import { placesOf } from '../geocoding/geocodingApi';
import { isochroneFeatureOf } from './isochronesApi';

const polygon = {
  type: 'Polygon',
  coordinates: [
    [
      [2.35, 48.85],
      [2.36, 48.85],
      [2.36, 48.86],
      [2.35, 48.85],
    ],
  ],
};

describe('isochrone and geocoding answers', () => {
  it('finds the polygon of an isochrone answer in its usual wrappings', () => {
    expect(isochroneFeatureOf({ type: 'Feature', geometry: polygon, properties: { a: 1 } })?.properties).toEqual({
      a: 1,
    });
    expect(
      isochroneFeatureOf({
        type: 'FeatureCollection',
        features: [{ type: 'Feature', geometry: polygon, properties: {} }],
      })?.geometry,
    ).toEqual(polygon);
    expect(isochroneFeatureOf({ geometry: polygon, travel_time: 15, computation_ms: 12 })?.properties).toEqual({
      travel_time: 15,
      computation_ms: 12,
    });
    expect(isochroneFeatureOf({ isochrone: { type: 'Feature', geometry: polygon, properties: {} } })?.geometry).toEqual(
      polygon,
    );
    expect(isochroneFeatureOf({ type: 'Feature', geometry: { type: 'Point', coordinates: [2, 48] } })).toBeUndefined();
    expect(isochroneFeatureOf(null)).toBeUndefined();
  });

  it('reads geocoding results as label and [lng, lat]', () => {
    expect(placesOf({ features: [{ center: [2.36, 48.85], place_name: '10 Rue de Rivoli 75004 Paris' }] })).toEqual([
      { label: '10 Rue de Rivoli 75004 Paris', center: [2.36, 48.85] },
    ]);
    expect(
      placesOf({
        type: 'FeatureCollection',
        features: [
          { type: 'Feature', geometry: { type: 'Point', coordinates: [2.3, 48.8] }, properties: { label: 'Paris' } },
        ],
      }),
    ).toEqual([{ label: 'Paris', center: [2.3, 48.8] }]);
    expect(placesOf([{ label: 'Place d’Italie', longitude: 2.355, latitude: 48.831 }])).toEqual([
      { label: 'Place d’Italie', center: [2.355, 48.831] },
    ]);
    expect(placesOf({ results: [{ label: 'sans point' }] })).toEqual([]);
  });
});
