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

const square = (west: number, south: number, east: number, north: number): Ring => [
  [west, south],
  [east, south],
  [east, north],
  [west, north],
  [west, south],
];

/**
 * Zone geometries a client may send that the server must refuse (French 400/413) or survive within its
 * deadline: self-intersecting, unclosed, too short, out of range, non-numeric, empty, over the position
 * limit. The costly valid shapes (a 50,000-vertex zig-zag, France, 5,000 parts), which run into the
 * deadline, are sent by `server/http/requestDeadline.test.ts` while it watches `/api/health`.
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
  ),
  // Over the position limit: 50,001 rings of 5 short positions (250,005 in all, a 3 MB body).
  fc.constant({ type: 'Polygon', coordinates: Array.from({ length: 50_001 }, () => square(2.3, 48.85, 2.31, 48.86)) }),
);
