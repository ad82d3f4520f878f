import { describe, expect, it } from 'vitest';
import { MAX_POLYGON_POSITIONS, polygonGeometrySchema, polygonInputSchema } from './polygonGeometry';

const square = [
  [2.37, 48.85],
  [2.38, 48.85],
  [2.38, 48.86],
  [2.37, 48.86],
  [2.37, 48.85],
];

const issueOf = (value: unknown) => {
  const result = polygonGeometrySchema.safeParse(value);
  if (result.success) return undefined;
  const [issue] = result.error.issues;
  return { path: issue?.path.join('.'), message: issue?.message };
};

describe('polygonGeometrySchema', () => {
  it('accepts a closed Polygon and a MultiPolygon', () => {
    expect(polygonGeometrySchema.parse({ type: 'Polygon', coordinates: [square] })).toEqual({
      type: 'Polygon',
      coordinates: [square],
    });
    expect(polygonGeometrySchema.safeParse({ type: 'MultiPolygon', coordinates: [[square], [square]] }).success).toBe(
      true,
    );
  });

  it('refuses other types, open rings, short rings and bad positions, naming where', () => {
    expect(issueOf({ type: 'Point', coordinates: [2, 48] })).toEqual({
      path: 'type',
      message: 'type attendu : Polygon ou MultiPolygon',
    });
    expect(issueOf({ type: 'Polygon', coordinates: [square.slice(0, 4)] })).toEqual({
      path: 'coordinates.0',
      message: 'anneau non fermé (la dernière position doit répéter la première)',
    });
    expect(issueOf({ type: 'Polygon', coordinates: [square.slice(0, 3)] })).toEqual({
      path: 'coordinates.0',
      message: 'anneau de 3 positions (au moins 4)',
    });
    expect(issueOf({ type: 'Polygon', coordinates: [] })).toEqual({ path: 'coordinates', message: 'géométrie vide' });
    expect(issueOf({ type: 'Polygon', coordinates: [[]] })).toEqual({ path: '', message: 'géométrie vide' });
    expect(issueOf({ type: 'MultiPolygon', coordinates: [] })?.message).toBe('géométrie vide');
    expect(issueOf({ type: 'MultiPolygon', coordinates: [[square], []] })?.message).toBe('polygone sans anneau');
    const farEast = square.map(([, latitude]) => [181, latitude]);
    expect(issueOf({ type: 'Polygon', coordinates: [farEast] })).toEqual({
      path: 'coordinates.0.0',
      message: 'longitude 181 hors de [-180, 180]',
    });
    const north = square.map(([longitude]) => [longitude, 91]);
    expect(issueOf({ type: 'Polygon', coordinates: [north] })?.message).toBe('latitude 91 hors de [-90, 90]');
    const text = [...square.slice(0, 2), ['2.38', 48.86], ...square.slice(3)];
    expect(issueOf({ type: 'Polygon', coordinates: [text] })).toEqual({
      path: 'coordinates.0.2',
      message: 'coordonnées numériques finies attendues',
    });
    expect(issueOf({ type: 'MultiPolygon', coordinates: [[square], [[[2, 48]]]] })?.path).toBe('coordinates.1.0');
  });

  it('bounds the number of positions', () => {
    const ring = Array.from({ length: MAX_POLYGON_POSITIONS / 2 }, (_, index) => [2 + index * 1e-6, 48.85]);
    ring.push([2, 48.85]);
    expect(issueOf({ type: 'MultiPolygon', coordinates: [[ring], [ring]] })).toEqual({
      path: '',
      message: 'plus de 250 000 positions',
    });
    expect(polygonGeometrySchema.safeParse({ type: 'Polygon', coordinates: [ring] }).success).toBe(true);
  });
});

describe('polygonInputSchema', () => {
  it('takes the geometry of a Feature or of the first feature of a FeatureCollection', () => {
    const polygon = { type: 'Polygon', coordinates: [square] };
    expect(polygonInputSchema.parse({ type: 'Feature', geometry: polygon, properties: {} })).toEqual(polygon);
    expect(
      polygonInputSchema.parse({ type: 'FeatureCollection', features: [{ type: 'Feature', geometry: polygon }] }),
    ).toEqual(polygon);
    expect(polygonInputSchema.safeParse({ type: 'FeatureCollection', features: [] }).success).toBe(false);
  });
});
