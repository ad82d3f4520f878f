import fc from 'fast-check';

type Ring = number[][];

/** A closed ring of `count` vertices on a circle: valid, simple, counter-clockwise. */
function circleRing(longitude: number, latitude: number, radius: number, count: number): Ring {
  const ring: Ring = [];
  for (let index = 0; index < count; index += 1) {
    const angle = (2 * Math.PI * index) / count;
    ring.push([longitude + radius * Math.cos(angle), latitude + radius * Math.sin(angle) * 0.66]);
  }
  ring.push(ring[0] as number[]);
  return ring;
}

/** A small disc somewhere over Paris (the demo territory) and a little beyond. */
const disc = fc.record({
  longitude: fc.double({ min: 2.2, max: 2.5, noNaN: true }),
  latitude: fc.double({ min: 48.8, max: 48.92, noNaN: true }),
  radius: fc.double({ min: 0.0005, max: 0.02, noNaN: true }),
  count: fc.integer({ min: 3, max: 40 }),
});

/** Valid zone geometries: small polygons, with a hole, and MultiPolygons of a few parts. */
export const validZoneGeometry: fc.Arbitrary<unknown> = fc.oneof(
  disc.map(({ longitude, latitude, radius, count }) => ({
    type: 'Polygon',
    coordinates: [circleRing(longitude, latitude, radius, count)],
  })),
  disc.map(({ longitude, latitude, radius, count }) => ({
    type: 'Polygon',
    coordinates: [
      circleRing(longitude, latitude, radius, count),
      circleRing(longitude, latitude, radius / 3, count).reverse(),
    ],
  })),
  fc.array(disc, { minLength: 1, maxLength: 4 }).map((discs) => ({
    type: 'MultiPolygon',
    coordinates: discs.map(({ longitude, latitude, radius, count }) => [
      circleRing(longitude, latitude, radius, count),
    ]),
  })),
);

/** A ring of `count` vertices zig-zagging across Paris: valid JSON, cheap to send, costly to intersect. */
function zigZagRing(count: number): Ring {
  const ring: Ring = [];
  for (let index = 0; index < count; index += 1) {
    ring.push([2.25 + (0.2 * index) / count, index % 2 === 0 ? 48.82 : 48.9]);
  }
  ring.push([2.45, 48.8], [2.25, 48.8], ring[0] as number[]);
  return ring;
}

const square = (west: number, south: number, east: number, north: number): Ring => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

/**
 * Zone geometries a client may send that the server must refuse (French 400/413) or survive within its
 * deadline: self-intersecting, unclosed, too short, out of range, non-numeric, empty, a zig-zag, a polygon
 * covering France, one over the position limit.
 */
export const hostileZoneGeometry: fc.Arbitrary<unknown> = fc.oneof(
  fc.constantFrom<unknown>(
    // A bow tie: the ring crosses itself.
    {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.85],
          [2.35, 48.87],
          [2.35, 48.85],
          [2.3, 48.87],
          [2.3, 48.85],
        ],
      ],
    },
    // Unclosed, too short, empty.
    {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.85],
          [2.35, 48.87],
          [2.35, 48.85],
          [2.3, 48.87],
        ],
      ],
    },
    {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.85],
          [2.35, 48.87],
          [2.3, 48.85],
        ],
      ],
    },
    { type: 'Polygon', coordinates: [] },
    { type: 'Polygon', coordinates: [[]] },
    { type: 'MultiPolygon', coordinates: [] },
    { type: 'MultiPolygon', coordinates: [[]] },
    // Out of range, non-numeric, three-and-more-dimensional positions.
    { type: 'Polygon', coordinates: [square(179, 89, 181, 91)] },
    {
      type: 'Polygon',
      coordinates: [
        [
          ['2.3', '48.85'],
          ['2.35', '48.85'],
          ['2.35', '48.87'],
          ['2.3', '48.85'],
        ],
      ],
    },
    {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.85, 0, 0],
          [2.35, 48.85, 0, 0],
          [2.35, 48.87, 0, 0],
          [2.3, 48.85, 0, 0],
        ],
      ],
    },
    {
      type: 'Polygon',
      coordinates: [
        [
          [null, null],
          [null, 1],
          [1, null],
          [null, null],
        ],
      ],
    },
    // A hole outside its shell, a duplicated vertex spike, a zero-area ring.
    { type: 'Polygon', coordinates: [square(2.3, 48.85, 2.31, 48.86), square(2.4, 48.88, 2.41, 48.89)] },
    {
      type: 'Polygon',
      coordinates: [
        [
          [2.3, 48.85],
          [2.3, 48.85],
          [2.3, 48.85],
          [2.3, 48.85],
        ],
      ],
    },
    { type: 'Point', coordinates: [2.3, 48.85] },
    { type: 'GeometryCollection', geometries: [] },
    // Costly but valid: a zig-zag, France, the antimeridian-wide band, many parts.
    { type: 'Polygon', coordinates: [zigZagRing(5_000)] },
    { type: 'Polygon', coordinates: [square(-5.2, 42.3, 8.3, 51.1)] },
    { type: 'Polygon', coordinates: [square(-180, -90, 180, 90)] },
    {
      type: 'MultiPolygon',
      coordinates: Array.from({ length: 2_000 }, (_, index) => [
        square(
          2.25 + (index % 50) * 0.004,
          48.82 + Math.floor(index / 50) * 0.002,
          2.252 + (index % 50) * 0.004,
          48.821 + Math.floor(index / 50) * 0.002,
        ),
      ]),
    },
  ),
  // Over the position limit: 50,001 rings of 5 short positions (250,005 in all, a 3 MB body).
  fc.constant({ type: 'Polygon', coordinates: Array.from({ length: 50_001 }, () => square(2.3, 48.85, 2.31, 48.86)) }),
);
