import { describe, expect, it } from 'vitest';
import { administrativeZone } from '../../../kernel/zones/administrativeZone';
import { drawnZone } from './zoneCreation';
import { drawingFeatureCollection, zonesFeatureCollection } from './zoneLayerData';

const square: [number, number][] = [
  [2.35, 48.85],
  [2.36, 48.85],
  [2.36, 48.86],
  [2.35, 48.86],
];

describe('zone layers data', () => {
  it('draws visible zones in their colour with their selection, leaving hidden ones out', () => {
    const drawn = drawnZone([], square);
    const commune = administrativeZone(
      { level: 'commune', code: '75111', name: 'Paris 11e Arrondissement' },
      {
        type: 'Feature',
        properties: {},
        geometry: { type: 'Polygon', coordinates: [[...square, square[0] as [number, number]]] },
      },
    );
    const data = zonesFeatureCollection([drawn, commune], [], [commune.id]);
    expect(data.features.map((feature) => feature.properties)).toEqual([
      { zoneId: drawn.id, color: '#3B82F6', name: 'Zone 1', selected: false },
      { zoneId: 'commune-75111', color: '#10B981', name: commune.name, selected: true },
    ]);
    expect(data.features[1]?.geometry.type).toBe('Polygon');
    expect(zonesFeatureCollection([drawn, commune], [drawn.id], []).features).toHaveLength(1);
    expect(zonesFeatureCollection([], [], []).features).toEqual([]);
  });

  it('numbers the vertices being drawn and closes the shape from 3 points', () => {
    expect(drawingFeatureCollection([]).features).toEqual([]);
    const two = drawingFeatureCollection(square.slice(0, 2));
    expect(two.features.map((feature) => feature.geometry.type)).toEqual(['LineString', 'Point', 'Point']);
    const four = drawingFeatureCollection(square);
    expect(four.features[0]?.geometry).toEqual({ type: 'Polygon', coordinates: [[...square, square[0]]] });
    expect(four.features.slice(1).map((feature) => feature.properties?.label)).toEqual([
      'Point 1',
      'Point 2',
      'Point 3',
      'Point 4',
    ]);
  });
});
