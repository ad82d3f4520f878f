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

  it('reads geocoding results as label and [lng, lat] with the server schema, and refuses another shape', () => {
    const feature = {
      type: 'Feature',
      id: 'ban-75104_8158_00010',
      place_type: ['address'],
      relevance: 0.97,
      text: '10 Rue de Rivoli',
      place_name: '10 Rue de Rivoli 75004 Paris',
      center: [2.36, 48.85],
      geometry: { type: 'Point', coordinates: [2.36, 48.85] },
      properties: { source: 'ban', code_postal: '75004', code_insee: '75104', nom_commune: 'Paris' },
    };
    expect(placesOf({ type: 'FeatureCollection', query: ['10', 'rue', 'de', 'rivoli'], features: [feature] })).toEqual([
      { label: '10 Rue de Rivoli 75004 Paris', center: [2.36, 48.85] },
    ]);
    expect(placesOf({ type: 'FeatureCollection', query: [], features: [] })).toEqual([]);
    expect(() => placesOf([{ label: 'Place d’Italie', longitude: 2.355, latitude: 48.831 }])).toThrow(
      'Réponse inattendue du géocodeur',
    );
  });
});
